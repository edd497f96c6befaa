import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Seed files live in `${uploadDir}/seed` and are served as /uploads/seed/…. */
export const SEED_URL = '/uploads/seed'
/** Private seed files (certification scans, paid course files) live in `${privateDir}/seed`, served as uploads' private ones. */
export const PRIVATE_SEED_URL = '/private/seed'

const FONT = 'Noto Sans CJK SC, PingFang SC, Microsoft YaHei, sans-serif'

/** Gradient pairs that read well under white text. */
const PALETTE: readonly [string, string][] = [
  ['#2bb3c0', '#16697a'],
  ['#4f8ef7', '#1f4fb4'],
  ['#6a7bf2', '#3b3fa8'],
  ['#9b6cf0', '#5b34a8'],
  ['#ef6f9a', '#a8325c'],
  ['#ff8a65', '#c2462a'],
  ['#f6a93b', '#c26b12'],
  ['#3fbf8f', '#17795a'],
  ['#26a69a', '#0b5e57'],
  ['#5c9ded', '#2a5d9f'],
  ['#7d8ba3', '#3f4a5e'],
  ['#e57373', '#9c2f3a'],
]

export type Icon =
  | 'tooth'
  | 'syringe'
  | 'scanner'
  | 'box'
  | 'shield'
  | 'play'
  | 'chat'
  | 'briefcase'
  | 'person'
  | 'doc'

/** Icon shapes drawn in a 100×100 box, filled white. */
const ICONS: Record<Icon, string> = {
  tooth:
    '<path d="M30 18C19 18 13 29 15 41c2 12 8 17 10 29 2 12 4 22 11 22 7 0 7-16 14-16s7 16 14 16c7 0 9-10 11-22 2-12 8-17 10-29 2-12-4-23-15-23-8 0-12 5-20 5s-12-5-20-5Z"/>',
  syringe:
    '<g transform="rotate(-45 50 50)"><rect x="44" y="4" width="12" height="10" rx="2"/><rect x="47" y="14" width="6" height="12"/><rect x="36" y="26" width="28" height="6" rx="3"/><rect x="40" y="32" width="20" height="40" rx="3"/><rect x="48" y="72" width="4" height="24" rx="2"/></g>',
  scanner:
    '<g transform="rotate(-30 50 50)"><rect x="38" y="6" width="24" height="70" rx="12"/><rect x="43" y="76" width="14" height="18" rx="4"/><circle cx="50" cy="24" r="5" fill-opacity=".35" fill="#000"/></g>',
  box: '<path d="M50 8 88 26v48L50 92 12 74V26Z" fill-opacity=".9"/><path d="M12 26 50 44 88 26M50 44v48" stroke="#000" stroke-opacity=".18" stroke-width="4" fill="none"/>',
  shield:
    '<path d="M50 6 86 20v28c0 24-16 38-36 46C30 86 14 72 14 48V20Z"/><path d="m34 50 11 11 22-24" stroke="#000" stroke-opacity=".25" stroke-width="7" fill="none"/>',
  play: '<circle cx="50" cy="50" r="42" fill="none" stroke="#fff" stroke-width="7"/><path d="M41 30 72 50 41 70Z"/>',
  chat: '<path d="M16 14h68a9 9 0 0 1 9 9v40a9 9 0 0 1-9 9H46L26 90V72H16a9 9 0 0 1-9-9V23a9 9 0 0 1 9-9Z"/><g fill="#000" fill-opacity=".22"><circle cx="30" cy="43" r="6"/><circle cx="50" cy="43" r="6"/><circle cx="70" cy="43" r="6"/></g>',
  briefcase:
    '<path fill-rule="evenodd" d="M36 26v-7a7 7 0 0 1 7-7h14a7 7 0 0 1 7 7v7h22a7 7 0 0 1 7 7v46a7 7 0 0 1-7 7H14a7 7 0 0 1-7-7V33a7 7 0 0 1 7-7Zm8 0h12v-6H44Z"/>',
  person: '<circle cx="50" cy="34" r="20"/><path d="M12 94c0-22 17-36 38-36s38 14 38 36Z"/>',
  doc: '<path d="M22 6h40l22 22v62a6 6 0 0 1-6 6H22a6 6 0 0 1-6-6V12a6 6 0 0 1 6-6Z"/><path d="M30 46h40M30 60h40M30 74h26" stroke="#000" stroke-opacity=".2" stroke-width="6"/>',
}

/** FNV-1a, to turn a name into a stable palette index. */
function hash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c)

/** A font size that fits `text` into `width` px (CJK glyphs are about 1em wide, Latin about 0.6em). */
function fontSizeFor(text: string, width: number, max: number): number {
  let ems = 0
  for (const ch of text) ems += ch.charCodeAt(0) > 0x2e80 ? 1 : 0.6
  return Math.max(12, Math.min(max, Math.floor(width / Math.max(ems, 1))))
}

export interface ImageSpec {
  kind: 'square' | 'cover' | 'banner' | 'avatar'
  title: string
  subtitle?: string
  icon: Icon
  /** Colour key; defaults to the title. */
  key?: string
}

/** svg({ kind: 'square', title: '口内扫描仪', icon: 'scanner' }) → a complete SVG document. */
export function svg(spec: ImageSpec): string {
  const [c1, c2] = PALETTE[hash(spec.key ?? spec.title) % PALETTE.length] as [string, string]
  const size = { square: [800, 800], cover: [800, 450], banner: [1200, 400], avatar: [200, 200] }[spec.kind]
  const [w, h] = size as [number, number]
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    `<circle cx="${w * 0.88}" cy="${h * 0.12}" r="${h * 0.32}" fill="#fff" fill-opacity=".09"/>`,
    `<circle cx="${w * 0.08}" cy="${h * 0.98}" r="${h * 0.4}" fill="#fff" fill-opacity=".07"/>`,
  ]
  const icon = (x: number, y: number, s: number, opacity = 0.95) =>
    `<g transform="translate(${x} ${y}) scale(${s / 100})" fill="#fff" fill-opacity="${opacity}">${ICONS[spec.icon]}</g>`
  const text = (x: number, y: number, size: number, s: string, anchor: string, weight = 700, opacity = 1) =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="#fff" fill-opacity="${opacity}">${esc(s)}</text>`

  if (spec.kind === 'avatar') {
    const t = spec.title.slice(0, 2)
    if (t) parts.push(text(w / 2, h / 2 + (t.length > 1 ? 26 : 34), t.length > 1 ? 76 : 96, t, 'middle'))
    else parts.push(icon(40, 44, 120, 0.9))
  } else if (spec.kind === 'banner') {
    parts.push(icon(w - 380, 60, 280, 0.9))
    parts.push(text(90, 190, fontSizeFor(spec.title, 700, 72), spec.title, 'start'))
    if (spec.subtitle)
      parts.push(text(92, 260, fontSizeFor(spec.subtitle, 700, 32), spec.subtitle, 'start', 400, 0.88))
    parts.push(`<rect x="92" y="300" width="160" height="48" rx="24" fill="#fff" fill-opacity=".95"/>`)
    parts.push(
      `<text x="172" y="332" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="700" fill="${c2}">了解详情</text>`,
    )
  } else {
    const iconSize = spec.kind === 'square' ? 300 : 180
    const top = spec.kind === 'square' ? 150 : 70
    parts.push(icon((w - iconSize) / 2, top, iconSize))
    const titleY = top + iconSize + (spec.kind === 'square' ? 130 : 90)
    parts.push(
      text(
        w / 2,
        titleY,
        fontSizeFor(spec.title, w * 0.84, spec.kind === 'square' ? 64 : 52),
        spec.title,
        'middle',
      ),
    )
    if (spec.subtitle) {
      parts.push(
        text(
          w / 2,
          titleY + (spec.kind === 'square' ? 64 : 50),
          fontSizeFor(spec.subtitle, w * 0.8, 30),
          spec.subtitle,
          'middle',
          400,
          0.85,
        ),
      )
    }
  }
  parts.push('</svg>')
  return parts.join('')
}

/** A one-page PDF with one line of (Latin) text, byte offsets computed so readers accept it. */
export function tinyPdf(line: string): Buffer {
  const safe = line.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1')
  const stream = `BT /F1 20 Tf 72 770 Td (${safe}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

/**
 * A real 4-second H.264/AAC clip (320×180, 19 KB, made once with ffmpeg from a colour, a tone
 * and a caption; kept in the repository), so a course preview plays on a fresh start.
 */
export const sampleVideo = (): Buffer => readFileSync(new URL('./media/course-video.mp4', import.meta.url))

/** The part of a seed file's name that changes with its bytes: ten hex digits of their sha256. */
export const seedHash = (bytes: string | Buffer) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 10)

/**
 * Writes seed files once each and hands back their public paths. Each name carries a hash of its
 * bytes (p-12.3f9a1c2e07.svg), so the server can let browsers keep them for a year like uploads:
 * a re-seed that draws other content writes another name.
 */
export class SeedFiles {
  private readonly dir: string
  private readonly url: string
  private readonly paths = new Map<string, string>()
  count = 0

  /** new SeedFiles(uploadDir) writes public files; new SeedFiles(privateDir, PRIVATE_SEED_URL) private ones. */
  constructor(root: string, url = SEED_URL) {
    this.dir = join(root, 'seed')
    this.url = url
    mkdirSync(this.dir, { recursive: true })
  }

  /** image('p-12', spec) → '/uploads/seed/p-12.3f9a1c2e07.svg' */
  image(name: string, spec: ImageSpec): string {
    return this.file(`${name}.svg`, () => svg(spec))
  }

  /** file('v.mp4', make) → '/uploads/seed/v.8c1d0e2f3a.mp4' */
  file(name: string, make: () => string | Buffer): string {
    let path = this.paths.get(name)
    if (path === undefined) {
      const bytes = make()
      const dot = name.lastIndexOf('.')
      const stored = `${name.slice(0, dot)}.${seedHash(bytes)}${name.slice(dot)}`
      writeFileSync(join(this.dir, stored), bytes)
      path = `${this.url}/${stored}`
      this.paths.set(name, path)
      this.count++
    }
    return path
  }
}
