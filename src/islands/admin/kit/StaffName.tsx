/**
 * A staff member named as people know them (issue 40): 李强（operator） where the account has a
 * display name, else the username as recorded. Anything that is no staff username (买家, 系统)
 * shows as it is. The names are read once per page (GET /api/admin/staff/names), for every
 * screen that shows who acted: order notes, the order's timeline, transfers, invoice records.
 */
import { useEffect, useState } from 'react'
import { adminApi } from '../../../lib/api/admin.ts'

let loaded: Promise<Map<string, string>> | null = null

/** username → display name; empty until loaded (or when the call fails: usernames then). */
export function useStaffNames(): Map<string, string> {
  const [names, setNames] = useState<Map<string, string>>(() => new Map())
  useEffect(() => {
    loaded ??= adminApi.staffNames().then(
      (rows) => new Map(rows.map((r) => [r.username, r.name])),
      () => new Map(),
    )
    let live = true
    loaded.then((m) => live && setNames(m))
    return () => {
      live = false
    }
  }, [])
  return names
}

/** staffText(names, 'operator') → '李强（operator）'; '' (no staff acted) → '系统'. */
export const staffText = (names: Map<string, string>, username: string) => {
  if (!username) return '系统'
  const name = names.get(username)
  return name ? `${name}（${username}）` : username
}

/** <StaffName username="operator" /> → 李强（operator）. */
export function StaffName({ username }: { username: string }) {
  const names = useStaffNames()
  return <>{username ? staffText(names, username) : ''}</>
}
