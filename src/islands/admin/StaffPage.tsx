import { type FormEvent, useState } from 'react'
import { adminApi, type Reauth, type StaffAccount } from '../../lib/api/admin.ts'
import { ROLE_NAMES, ROLES, type Role } from '../../lib/permissions.ts'
import { toast } from '../../lib/toast.ts'
import { Dialog } from '../common/Dialog.tsx'
import { useConfirm } from '../common/useConfirm.tsx'
import { adminPage, useStaff } from './AdminShell.tsx'
import { ProfileForm, TextField } from './account-parts.tsx'
import { DialogButtons } from './form/DialogButtons.tsx'
import type { Column } from './kit/DataTable.tsx'
import { useList } from './kit/ListScreen.tsx'
import { useReauth } from './ReauthDialog.tsx'

const roleText = (roles: readonly Role[]) => roles.map((r) => ROLE_NAMES[r]).join('、')

/** The calls behind the re-authentication dialog show their refusal in it, not as a toast. */
const silent = { silent: true }

/** useReauth's second half: withReauth('修改角色', (confirm) => call(confirm)). */
type WithReauth = ReturnType<typeof useReauth>[1]

/** The role checkboxes of the add form and the roles dialog. */
function RolePicker({ value, onChange }: { value: Role[]; onChange: (roles: Role[]) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="mb-1 text-sm text-slate-700">角色</legend>
      {ROLES.map((r) => (
        <label key={r} className="flex items-center gap-1 text-sm">
          <input
            type="checkbox"
            checked={value.includes(r)}
            onChange={(e) => onChange(e.target.checked ? [...value, r] : value.filter((x) => x !== r))}
          />
          {ROLE_NAMES[r]}
        </label>
      ))}
    </fieldset>
  )
}

/** Puts the text on the clipboard and says so (已复制); where the browser refuses, says to select it. */
async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast('success', '已复制')
  } catch {
    toast('error', '无法访问剪贴板，请选中密码后手动复制')
  }
}

/** The one-time password, shown once: whoever added or reset the account passes it on. */
function OneTimePassword({
  shown,
  onClose,
}: {
  shown: { username: string; password: string } | null
  onClose: () => void
}) {
  return (
    <Dialog open={shown !== null} onOpenChange={(o) => !o && onClose()} title="一次性密码" width="max-w-sm">
      <p className="text-sm text-slate-700">
        账号 <strong>{shown?.username}</strong> 的一次性密码（只显示这一次，首次登录须修改）：
      </p>
      <div className="my-4 flex items-center gap-2">
        <p className="flex-1 select-all rounded bg-slate-100 p-3 text-center font-mono text-lg">
          {shown?.password}
        </p>
        <button type="button" className="btn-outline" onClick={() => copy(shown?.password ?? '')}>
          复制
        </button>
      </div>
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          我已记下
        </button>
      </div>
    </Dialog>
  )
}

const columns: Column<StaffAccount>[] = [
  { id: 'name', header: '姓名', cell: (s) => s.name || '—', sortValue: (s) => s.name },
  { id: 'username', header: '用户名', cell: (s) => s.username, sortValue: (s) => s.username },
  { id: 'phone', header: '手机号', cell: (s) => s.phone || '—' },
  { id: 'roles', header: '角色', cell: (s) => roleText(s.roles) },
  {
    id: 'state',
    header: '状态',
    // A reset account has signed in before: what it waits for is the new password.
    cell: (s) =>
      !s.enabled ? '已停用' : !s.mustChangePassword ? '启用' : s.lastLoginTime ? '待修改密码' : '待首次登录',
    sortValue: (s) => (s.enabled ? 1 : 0),
  },
  { id: 'totp', header: '动态验证码', cell: (s) => (s.hasTotp ? '已绑定' : '未绑定') },
  {
    id: 'last',
    header: '最近登录',
    cell: (s) => s.lastLoginTime ?? '—',
    sortValue: (s) => s.lastLoginTime ?? '',
  },
  { id: 'created', header: '创建时间', cell: (s) => s.createTime, hidden: true },
]

/** 新增账号: a username and its roles; the one-time password is shown after. */
function AddStaff({
  added,
  withReauth,
}: {
  added: (shown: { username: string; password: string }) => void
  withReauth: WithReauth
}) {
  const blank = { username: '', name: '', phone: '', roles: [] as Role[] }
  const [adding, setAdding] = useState(blank)
  const add = async (e: FormEvent) => {
    e.preventDefault()
    // An admin holds every key: the one adding them proves who they are first (issue 39).
    const r = adding.roles.includes('admin')
      ? await withReauth(`新增管理员 ${adding.username.trim()}`, (confirm) =>
          adminApi.addStaff({ ...adding, confirm }, silent),
        )
      : await adminApi.addStaff(adding).catch(() => null)
    if (!r) return
    toast('success', `已新增 ${r.staff.username}`)
    setAdding(blank)
    added({ username: r.staff.username, password: r.password })
  }
  return (
    <form
      className="grid w-full gap-3 rounded-lg bg-white p-4 shadow-sm md:grid-cols-[repeat(3,minmax(0,12rem))_1fr_auto] md:items-end"
      onSubmit={add}
    >
      <TextField
        label="新账号用户名"
        value={adding.username}
        onChange={(username) => setAdding({ ...adding, username })}
      />
      <TextField label="姓名" value={adding.name} onChange={(name) => setAdding({ ...adding, name })} />
      <TextField
        label="手机号"
        inputMode="numeric"
        value={adding.phone}
        onChange={(phone) => setAdding({ ...adding, phone })}
      />
      <RolePicker value={adding.roles} onChange={(roles) => setAdding({ ...adding, roles })} />
      <button type="submit" className="btn-primary">
        新增账号
      </button>
    </form>
  )
}

/** 修改角色 of one account. */
function RolesDialog({
  editing,
  setEditing,
  saved,
  withReauth,
}: {
  editing: { staff: StaffAccount; roles: Role[] } | null
  setEditing: (e: { staff: StaffAccount; roles: Role[] } | null) => void
  saved: () => void
  withReauth: WithReauth
}) {
  const save = async () => {
    if (!editing) return
    // One dialog at a time: this one closes while the password is asked, and comes back if cancelled.
    setEditing(null)
    const { staff, roles } = editing
    const done = await withReauth(`修改 ${staff.username} 的角色`, (confirm: Reauth) =>
      adminApi.setRoles(staff.id, roles, confirm, silent),
    )
    if (!done) return setEditing(editing)
    toast('success', '角色已修改')
    saved()
  }
  return (
    <Dialog
      open={editing !== null}
      onOpenChange={(o) => !o && setEditing(null)}
      title={`修改角色：${editing?.staff.username ?? ''}`}
      width="max-w-sm"
    >
      {editing && (
        <RolePicker value={editing.roles} onChange={(roles) => setEditing({ ...editing, roles })} />
      )}
      <DialogButtons
        close={() => setEditing(null)}
        onConfirm={save}
        className="mt-6 flex justify-end gap-2"
      />
    </Dialog>
  )
}

function StaffList() {
  const me = useStaff()
  const [confirmDialog, confirm] = useConfirm()
  const [reauthDialog, withReauth] = useReauth()
  const [shown, setShown] = useState<{ username: string; password: string } | null>(null)
  const [editing, setEditing] = useState<{ staff: StaffAccount; roles: Role[] } | null>(null)
  const [naming, setNaming] = useState<StaffAccount | null>(null)

  const toggle = async (s: StaffAccount, reload: () => void) => {
    if (s.enabled && !(await confirm({ action: `停用 ${s.username}（其登录随即失效）` }))) return
    if (await adminApi.setEnabled(s.id, !s.enabled).catch(() => null)) {
      toast('success', s.enabled ? '已停用' : '已启用')
      reload()
    }
  }
  const reset = async (s: StaffAccount, reload: () => void) => {
    // The password asked doubles as the confirmation of what cannot be undone.
    const r = await withReauth(`重置 ${s.username} 的密码（并解除其动态验证码）`, (confirm) =>
      adminApi.resetPassword(s.id, confirm, silent),
    )
    if (r) {
      toast('success', '密码已重置')
      setShown({ username: s.username, password: r.password })
      reload()
    }
  }
  const list = useList({
    id: 'staff',
    caption: '后台账号',
    load: () => adminApi.staff(),
    pageSize: 0,
    columns,
    rowKey: (s) => s.id,
    empty: '暂无后台账号',
    rowActions: (s, { reload }) => [
      { label: '角色', run: () => setEditing({ staff: s, roles: s.roles }) },
      { label: '姓名与手机号', name: `修改 ${s.username} 的姓名与手机号`, run: () => setNaming(s) },
      s.id !== me.id && {
        label: s.enabled ? '停用' : '启用',
        run: () => toggle(s, reload),
        danger: s.enabled,
      },
      { label: '重置密码', run: () => reset(s, reload) },
    ],
    toolbar: (
      <AddStaff
        withReauth={withReauth}
        added={(one) => {
          setShown(one)
          list.reload()
        }}
      />
    ),
  })
  return (
    <>
      {list.view}
      <RolesDialog editing={editing} setEditing={setEditing} saved={list.reload} withReauth={withReauth} />
      <OneTimePassword shown={shown} onClose={() => setShown(null)} />
      <Dialog
        open={naming !== null}
        onOpenChange={(o) => !o && setNaming(null)}
        title={`姓名与手机号：${naming?.username ?? ''}`}
        width="max-w-sm"
      >
        {naming && (
          <ProfileForm
            initial={{ name: naming.name, phone: naming.phone }}
            save={async (v) => {
              await adminApi.setProfile(naming.id, v, silent)
              toast('success', '已保存')
              setNaming(null)
              list.reload()
            }}
          />
        )}
      </Dialog>
      {confirmDialog}
      {reauthDialog}
    </>
  )
}

/** /admin/staff/: staff accounts for admin — add, roles, disable, reset password; every write audited. */
export default adminPage('后台账号', 'staff.manage', StaffList)
