/** A small seeded PRNG (mulberry32) with the helpers the seed needs: same seed, same data. */
export class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** next() → a float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** int(1, 6) → 1..6 inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('pick from an empty list')
    return list[Math.floor(this.next() * list.length)] as T
  }

  /** pickSome(['a','b','c'], 2) → two distinct items, in list order. */
  pickSome<T>(list: readonly T[], n: number): T[] {
    const idx = this.shuffle(list.map((_, i) => i)).slice(0, Math.min(n, list.length))
    return idx.sort((a, b) => a - b).map((i) => list[i] as T)
  }

  shuffle<T>(list: T[]): T[] {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const tmp = list[i] as T
      list[i] = list[j] as T
      list[j] = tmp
    }
    return list
  }

  bytes(n: number): Buffer {
    const b = Buffer.alloc(n)
    for (let i = 0; i < n; i++) b[i] = Math.floor(this.next() * 256)
    return b
  }

  /** digits(4) → '0382'. */
  digits(n: number): string {
    let s = ''
    for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10))
    return s
  }
}
