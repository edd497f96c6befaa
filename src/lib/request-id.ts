/**
 * An id for one write a form is about to make (isRequestId, src/lib/rules/fields.ts): 32 random
 * hex digits. crypto.randomUUID needs a secure context; this works on any page.
 */
export const newRequestId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
