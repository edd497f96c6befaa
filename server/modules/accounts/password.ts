import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/** scrypt cost parameters; stored hashes carry only salt and hash, so changing these needs a version tag. */
const PARAMS: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }
const KEY_LEN = 64
const SALT_LEN = 16

/**
 * scrypt runs on libuv's thread pool (4 threads by default), the same pool that reads the
 * static files and uploads. At most this many hashes run at once, the rest wait in line, so a
 * flood of logins (each ~50 ms of CPU) always leaves threads for file serving.
 */
export const HASH_CONCURRENCY = 2

const slots = { active: 0, peak: 0, runs: 0, waiting: [] as (() => void)[] }

/** The hashing line now: running, waiting, the most that ever ran at once, hashes started (tests, diagnostics). */
export const hashLoad = () => ({
  active: slots.active,
  waiting: slots.waiting.length,
  peak: slots.peak,
  runs: slots.runs,
})

async function derive(password: string, salt: Buffer): Promise<Buffer> {
  // A freed slot passes straight to the next in line (active stays), so nobody overtakes the queue.
  if (slots.active < HASH_CONCURRENCY) slots.active++
  else await new Promise<void>((resolve) => slots.waiting.push(resolve))
  slots.peak = Math.max(slots.peak, slots.active)
  slots.runs++
  try {
    return await new Promise((resolve, reject) => {
      scrypt(password, salt, KEY_LEN, PARAMS, (err, key) => (err ? reject(err) : resolve(key)))
    })
  } finally {
    const next = slots.waiting.shift()
    if (next) next()
    else slots.active--
  }
}

/**
 * hashPassword('demo1234') → 'scrypt$<32 hex salt>$<128 hex hash>'. Pass `salt` (16 bytes) only
 * for reproducible seed data; otherwise a random one is drawn.
 */
export async function hashPassword(password: string, salt: Buffer = randomBytes(SALT_LEN)): Promise<string> {
  const key = await derive(password, salt)
  return `scrypt$${salt.toString('hex')}$${key.toString('hex')}`
}

/** verifyPassword('demo1234', stored) → true when `stored` is a hash of that password; false for anything malformed. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$')
  if (parts.length !== 3 || parts[0] !== 'scrypt') return false
  const [, saltHex = '', hashHex = ''] = parts
  if (!/^[0-9a-f]+$/i.test(saltHex) || !/^[0-9a-f]+$/i.test(hashHex) || hashHex.length !== KEY_LEN * 2)
    return false
  const key = await derive(password, Buffer.from(saltHex, 'hex'))
  return timingSafeEqual(key, Buffer.from(hashHex, 'hex'))
}
