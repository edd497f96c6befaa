import { atom } from 'nanostores'

/**
 * When the next SMS code may be asked for (ms since epoch). One countdown for the page: the
 * login dialog and the change-phone dialog share it, and it outlives a closed dialog.
 */
export const $smsReadyAt = atom(0)
