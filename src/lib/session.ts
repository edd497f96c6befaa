/** The stored session (accounts §3 "Client storage"): 'tokens' the bearer token, 'users' the profile. */
import { SESSION_KEYS, STORAGE_TOKENS, STORAGE_USERS } from './storage-keys.ts'

export interface StoredUser {
  id: number
  nickName: string
  avatarUrl: string
  tel?: string
  level?: number
  /** The member discount in 折 (9, 8.5; 10 full price), as the profile had it at login. */
  discount?: number
}

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** The signed-in user as stored, or null. */
export function storedUser(): StoredUser | null {
  const s = store()
  if (!s?.getItem(STORAGE_TOKENS)) return null
  try {
    const u = JSON.parse(s.getItem(STORAGE_USERS) ?? 'null') as StoredUser | null
    return u && typeof u === 'object' ? u : null
  } catch {
    return null
  }
}

/** Forgets the session on this browser, the cart with it; other tabs hear it through the storage event. */
export function clearSession(): void {
  const s = store()
  for (const key of SESSION_KEYS) s?.removeItem(key)
}
