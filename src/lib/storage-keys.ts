/** localStorage keys of the session (accounts §7 "Login answers … are stored"). */
export const STORAGE_USERS = 'users'
export const STORAGE_TOKENS = 'tokens'
/** The cart (accounts §3): it belongs to whoever is signed in, so it ends with the session (issue 19). */
export const STORAGE_CART = 'center'
/** Everything a session leaves in localStorage; a logout or a 401 removes all of it. */
export const SESSION_KEYS = [STORAGE_TOKENS, STORAGE_USERS, STORAGE_CART] as const
