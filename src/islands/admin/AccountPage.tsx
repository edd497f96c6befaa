import { useState } from 'react'
import { adminApi } from '../../lib/api/admin.ts'
import { toast } from '../../lib/toast.ts'
import { adminPage, useStaff } from './AdminShell.tsx'
import { ChangePassword, ProfileForm, TotpEnrol } from './account-parts.tsx'

function MyAccount() {
  const me = useStaff()
  const [enrolled, setEnrolled] = useState(me.hasTotp)
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby="profile-title">
        <h2 id="profile-title" className="mb-3 font-semibold">
          姓名与手机号
        </h2>
        <ProfileForm
          initial={{ name: me.name, phone: me.phone }}
          saveLabel="保存姓名与手机号"
          save={async (v) => {
            await adminApi.setMyProfile(v, { silent: true })
            toast('success', '已保存，刷新后菜单显示新的姓名')
          }}
        />
      </section>
      <section className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby="pw-title">
        <h2 id="pw-title" className="mb-3 font-semibold">
          修改密码
        </h2>
        <ChangePassword onDone={() => {}} intro="修改后，其他设备上的登录随即失效。" />
      </section>
      <section className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby="totp-title">
        <h2 id="totp-title" className="mb-3 font-semibold">
          动态验证码
        </h2>
        {enrolled ? (
          <p className="text-sm text-slate-600">
            已绑定。登录时需输入验证器显示的 6 位数字；更换手机请联系管理员重置密码后重新绑定。
          </p>
        ) : (
          <TotpEnrol onDone={() => setEnrolled(true)} />
        )}
      </section>
    </div>
  )
}

/** /admin/account/: the own name and phone, password and the second factor's enrolment. */
export default adminPage('我的账号', 'self', MyAccount)
