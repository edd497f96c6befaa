/** 买家留言 (issue 24): what the buyer asks of the packer, on checkout; the island and the server call this. */

export const BUYER_NOTE_MAX = 200

/** checkBuyerNote('请开发票') → null; 201 characters → 买家留言不能超过200个字. Counted in characters, not bytes. */
export function checkBuyerNote(note: string): string | null {
  return [...note.trim()].length > BUYER_NOTE_MAX ? `买家留言不能超过${BUYER_NOTE_MAX}个字` : null
}
