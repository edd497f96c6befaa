/**
 * The session store (DESIGN.md "stores"): who is signed in, shared by every island.
 * Storage keys follow accounts §3: 'tokens' holds the bearer token, 'users' the profile.
 */
import { atom } from 'nanostores'
import type { LoginAnswer, Profile } from '../api/account.ts'
import { STORAGE_TOKENS, STORAGE_USERS } from '../api/http.ts'
import { clearSession, type StoredUser, storedUser } from '../session.ts'
import { forgetCart } from './cart.ts'

/** The signed-in user as last stored; null for visitors. */
export const $user = atom<StoredUser | null>(typeof window === 'undefined' ? null : storedUser())

if (typeof window !== 'undefined') {
  // Another tab signed in or out: this one follows (its cart follows through cart.ts's own listener).
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_TOKENS || e.key === STORAGE_USERS || e.key === null) $user.set(storedUser())
  })
}

function remember(user: Profile): void {
  try {
    localStorage.setItem(STORAGE_USERS, JSON.stringify(user))
  } catch {
    // Storage blocked: the session lasts for this page only.
  }
  $user.set(user)
}

/** Stores a login answer (accounts §4): the token and the user. */
export function signIn(answer: LoginAnswer): void {
  try {
    localStorage.setItem(STORAGE_TOKENS, answer.owinToken.access_token)
  } catch {
    // See remember().
  }
  remember(answer.user)
}

/** Keeps the stored profile in step after an edit, so the nav shows the new name and avatar. */
export function updateUser(user: Profile): void {
  remember(user)
}

/** Forgets the session here, the cart included; the caller has already told the server (or could not). */
export function signOut(): void {
  clearSession()
  forgetCart()
  $user.set(null)
}
