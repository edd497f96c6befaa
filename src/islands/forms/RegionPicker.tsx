/**
 * The region picker (accounts §2): province → city → district from the bundled tree, then the
 * district's streets from Region/GetRegionQueryTitle. Its value is the comma-joined
 * 'province,city,area,street' (only the levels chosen so far), which the address and invoice
 * rules read through region(). Four native selects: keyboard, screen readers and phone pickers
 * work without extra code. Reused by checkout.
 */
import { useEffect, useState } from 'react'
import { api } from '../../lib/api/browser.ts'
import type { Street } from '../../lib/api/types.ts'

interface RegionNode {
  c: string
  n: string
  ch?: RegionNode[]
}

let tree: Promise<RegionNode[]> | null = null

/** The province → city → district tree (~111 KB), fetched the first time a picker opens. */
export function loadRegions(): Promise<RegionNode[]> {
  tree ??= import('../../lib/regions/pca.json').then((m) => m.default as RegionNode[])
  // A failed chunk load should not stay failed for the rest of the visit.
  tree.catch(() => {
    tree = null
  })
  return tree
}

const streetCache = new Map<string, Promise<Street[]>>()

/** The streets of a district; district names repeat across China, so the city tells them apart. */
function loadStreets(city: string, area: string): Promise<Street[]> {
  const key = `${city}|${area}`
  let p = streetCache.get(key)
  if (!p) {
    p = api.getRegionQueryTitle(area, city, { silent: true })
    p.catch(() => streetCache.delete(key))
    streetCache.set(key, p)
  }
  return p
}

/** splitRegion('江苏省,苏州市') → ['江苏省', '苏州市', '', ''] */
export function splitRegion(value: string): [string, string, string, string] {
  const [p = '', c = '', a = '', s = ''] = value.split(',').map((x) => x.trim())
  return [p, c, a, s]
}

/** The names to offer: the tree's, plus the current value when the tree does not know it (old data). */
function names(nodes: RegionNode[] | undefined, current: string): string[] {
  const list = (nodes ?? []).map((n) => n.n)
  return current && !list.includes(current) ? [current, ...list] : list
}

const selectClass =
  'w-full min-w-0 truncate rounded-md border border-slate-300 bg-white py-2 pr-8 pl-3 text-sm text-slate-800 focus:border-brand-500 focus:outline-none disabled:bg-slate-50 disabled:text-slate-400 aria-[invalid=true]:border-red-400'

export function RegionPicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  label = '所在地区',
}: {
  /** The id of the province select, for the form row's <label>; the others add -city, -area, -street. */
  id: string
  value: string
  onChange: (value: string) => void
  invalid?: boolean
  describedBy?: string
  /** The group's name for screen readers. */
  label?: string
}) {
  const [regions, setRegions] = useState<RegionNode[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [streets, setStreets] = useState<Street[] | null>(null)
  const [province, city, area, street] = splitRegion(value)

  useEffect(() => {
    let live = true
    loadRegions().then(
      (r) => live && setRegions(r),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [])

  useEffect(() => {
    setStreets(null)
    if (!city || !area) return
    let live = true
    loadStreets(city, area).then(
      (list) => live && setStreets(list),
      () => live && setStreets([]),
    )
    return () => {
      live = false
    }
  }, [city, area])

  const provinceNode = regions?.find((p) => p.n === province)
  const cityNode = provinceNode?.ch?.find((c) => c.n === city)
  const emit = (...parts: string[]) => onChange(parts.filter(Boolean).join(','))
  const loading = regions === null && !failed

  const common = {
    className: selectClass,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
  }
  // With no street data for a district (another backend, or a new district), the street is typed.
  const typedStreet = streets !== null && streets.length === 0

  return (
    <fieldset aria-label={label} className="grid min-w-0 grid-cols-2 gap-2">
      <select
        id={id}
        aria-label="省份"
        value={province}
        disabled={loading}
        onChange={(e) => emit(e.target.value)}
        {...common}
      >
        <option value="">{loading ? '加载中…' : '请选择省份'}</option>
        {names(regions ?? undefined, province).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <select
        id={`${id}-city`}
        aria-label="城市"
        value={city}
        disabled={!province || loading}
        onChange={(e) => emit(province, e.target.value)}
        {...common}
      >
        <option value="">请选择城市</option>
        {names(provinceNode?.ch, city).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <select
        id={`${id}-area`}
        aria-label="区县"
        value={area}
        disabled={!city || loading}
        onChange={(e) => emit(province, city, e.target.value)}
        {...common}
      >
        <option value="">请选择区县</option>
        {names(cityNode?.ch, area).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {typedStreet ? (
        <input
          id={`${id}-street`}
          aria-label="街道"
          value={street}
          maxLength={30}
          placeholder="请填写街道/乡镇"
          onChange={(e) => emit(province, city, area, e.target.value.replace(/[,，\s]/g, ''))}
          {...common}
          className={selectClass.replace('pr-8', 'pr-3')}
        />
      ) : (
        <select
          id={`${id}-street`}
          aria-label="街道"
          value={street}
          disabled={!area || streets === null}
          onChange={(e) => emit(province, city, area, e.target.value)}
          {...common}
        >
          <option value="">{area && streets === null ? '加载中…' : '请选择街道'}</option>
          {names(
            streets?.map((s) => ({ c: s.id, n: s.title })),
            street,
          ).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      )}
      {failed && (
        <p className="col-span-2 text-xs text-red-600">
          地区数据加载失败，
          <button
            type="button"
            className="underline"
            onClick={() => {
              setFailed(false)
              loadRegions().then(setRegions, () => setFailed(true))
            }}
          >
            重试
          </button>
        </p>
      )}
    </fieldset>
  )
}
