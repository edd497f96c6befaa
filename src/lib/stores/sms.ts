import { atom } from 'nanostores'

/**
 * When the next SMS code may be asked for (ms since epoch). One countdown for the page: the
 * login dialog and the change-phone dialog share it, and it outlives a closed dialog.
 */
export const $smsReadyAt = atom(0)

/**
 * The countdown of codes sent to the account's own (old) phone from the change-phone dialog: a
 * second phone, so its code does not hold back the one for the new phone.
 */
export const $oldPhoneSmsReadyAt = atom(0)
