/** Who is signed in to the back office, for the screens inside an AdminShell (which provides it). */
import { createContext, useContext } from 'react'
import type { StaffMe } from '../../../lib/api/admin.ts'
import type { Permission } from '../../../lib/permissions.ts'

export const StaffCtx = createContext<StaffMe | null>(null)

/** The signed-in staff member inside an AdminShell: useStaff().username, may(useStaff(), 'orders.fulfil'). */
export function useStaff(): StaffMe {
  const me = useContext(StaffCtx)
  if (!me) throw new Error('useStaff outside AdminShell')
  return me
}

/** Whether the staff member holds a permission (to show a button; the server decides anyway). */
export const may = (me: StaffMe, permission: Permission) => me.permissions.includes(permission)
