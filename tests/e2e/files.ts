/** Files the e2e specs upload through the pickers and the API. */

/** A real 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

/** That PNG as a file chosen in a picker (locator.setInputFiles), named `name`. */
export const pngFile = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_BYTES })
