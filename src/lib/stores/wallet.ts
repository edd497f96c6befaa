/**
 * The wallet's changes (issue 19): a counter that goes up whenever the balance moves on this page
 * (a top-up paid). /wo's statistics and transaction list follow it, so they refresh without a reload.
 */
import { atom } from 'nanostores'

/** How many times the wallet has changed since the page loaded; watch it, do not read the number. */
export const $walletChanges = atom(0)

/** Says the balance and the records have changed: walletChanged() after a top-up is paid. */
export const walletChanged = () => $walletChanges.set($walletChanges.get() + 1)
