/**
 * The session store (DESIGN.md "stores"): who is signed in, shared by every island.
 * Storage keys follow accounts §3: 'tokens' holds the bearer token, 'users' the profile.
 */
import { atom } from 'nanostores'
import type { LoginAnswer, Profile } from '../api/account.ts'
import { STORAGE_TOKENS, STORAGE_USERS } from '../api/http.ts'
import { clearSession, type StoredUser, storedUser } from '../session.ts'

/** The signed-in user as last stored; null for visitors. */
export const $user = atom<StoredUser | null>(typeof window === 'undefined' ? null : storedUser())

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

/** Forgets the session here; the caller has already told the server (or could not). */
export function signOut(): void {
  clearSession()
  $user.set(null)
}
