import { describe, expect, it } from 'vitest'
import { checkAddress } from '../../src/lib/rules/address.ts'
import { checkCertification } from '../../src/lib/rules/certification.ts'
import { checkComplaint } from '../../src/lib/rules/complaint.ts'
import { checked, firstError, isFilePath, list, refusal, text } from '../../src/lib/rules/fields.ts'
import { checkInvoice, isCreditCode } from '../../src/lib/rules/invoice.ts'
import { checkCodeLogin, checkPasswordLogin } from '../../src/lib/rules/login.ts'
import { checkPasswordChange } from '../../src/lib/rules/password.ts'
import { checkPhone, checkPhoneChange, isPhone } from '../../src/lib/rules/phone.ts'
import { checkProfile } from '../../src/lib/rules/profile.ts'
import { region } from '../../src/lib/rules/region.ts'
import { checkRegister } from '../../src/lib/rules/register.ts'
import { stars, upgradePrompt } from '../../src/lib/rules/stars.ts'
import { addressForm } from '../address.ts'

type Rule = (input: Record<string, unknown>) => { error: string | null; field: string | null }

/** Feeds each input to the rule and expects its message in the same order. */
function expectMessages(rule: Rule, cases: [Record<string, unknown>, string | null][]) {
  expect(cases.map(([input]) => rule(input).error)).toEqual(cases.map(([, message]) => message))
}

describe('readers', () => {
  it('read text, lists and file paths', () => {
    expect(text({ a: ' x ' }, 'a')).toBe('x')
    expect(text({ a: 12 }, 'a')).toBe('12')
    expect(text({ a: { $ne: 1 } }, 'a')).toBe('')
    expect(text({ a: null }, 'a')).toBe('')
    expect(list({ a: 'x, y,,z' }, 'a')).toEqual(['x', 'y', 'z'])
    expect(list({ a: ['x', 3, ' y '] }, 'a')).toEqual(['x', 'y'])
    expect(
      firstError([
        ['x', false, 'a'],
        ['y', true, 'b'],
        ['z', true, 'c'],
      ]),
    ).toEqual({ field: 'y', error: 'b' })
    expect(firstError([['x', false, 'a']])).toBeNull()
    expect(checked(refusal('tel', '请填写手机号'), 'v')).toEqual({
      error: '请填写手机号',
      field: 'tel',
      value: null,
    })
    expect(checked(null, 'v')).toEqual({ error: null, field: null, value: 'v' })
    expect(isFilePath('/uploads/u/202601/ab.png')).toBe(true)
    expect(isFilePath('https://cdn.example.com/a.png')).toBe(true)
    for (const bad of [
      'javascript:alert(1)',
      '//evil.com/a.png',
      '/uploads/../etc/passwd',
      'a b',
      '/a"onerror=x',
    ]) {
      expect(isFilePath(bad)).toBe(false)
    }
  })

  it('read the region from its fields or the picker value', () => {
    expect(region({ address: '江苏省,苏州市,姑苏区,平江街道' })).toEqual({
      province: '江苏省',
      city: '苏州市',
      area: '姑苏区',
      street: '平江街道',
    })
    expect(region({ province: '上海市', address: '江苏省,苏州市' }).province).toBe('上海市')
  })
})

describe('phone and login', () => {
  it('accepts 11 digits starting with 1 only', () => {
    expect(isPhone('13800000001')).toBe(true)
    for (const bad of ['1380000000', '138000000012', '23800000001', '1380000000a', ' 13800000001']) {
      expect(isPhone(bad)).toBe(false)
    }
    expectMessages(checkPhone, [
      [{}, '请填写手机号'],
      [{ tel: '12345' }, '手机号格式不正确'],
      [{ tel: ' 13800000001 ' }, null],
    ])
    expect(checkPhone({ tel: ' 13800000001 ' }).value).toBe('13800000001')
  })

  it('checks both login tabs', () => {
    expectMessages(checkCodeLogin, [
      [{}, '请填写手机号'],
      [{ tel: '1' }, '手机号格式不正确'],
      [{ tel: '13800000001' }, '请填写验证码'],
      [{ tel: '13800000001', code: '123456' }, null],
    ])
    expectMessages(checkPasswordLogin, [
      [{ tel: '13800000001' }, '请填写密码'],
      [{ tel: '13800000001', password: ' pw ' }, null],
    ])
    expect(checkPasswordLogin({ tel: '13800000001', password: ' pw ' }).value?.password).toBe(' pw ')
  })

  it('checks the change of phone', () => {
    expectMessages(checkPhoneChange, [
      [{}, '请填写原手机号'],
      [{ tel: '13800000001' }, '请填写新手机号'],
      [{ tel: '13800000001', newTel: '13900000001' }, '请填写验证码'],
      [{ tel: '13800000001', newTel: '1390000000', code: '1' }, '手机号格式不正确'],
      [{ tel: '13800000001', newTel: '13800000001', code: '1' }, '新手机号不能与原手机号相同'],
      [{ tel: '13800000001', newTel: '13900000001', code: '1' }, '请填写登录密码或原手机号验证码'],
      [{ tel: '13800000001', newTel: '13900000001', code: '1', password: ' ' }, null],
      [{ tel: '13800000001', newTel: '13900000001', code: '1', oldCode: '123456' }, null],
    ])
  })

  it('asks the dialog for the proof it offers, and the server for either', () => {
    const base = { tel: '13800000001', newTel: '13900000001', code: '1' }
    expect(checkPhoneChange({ ...base, oldCode: '1' }, 'password')).toMatchObject({
      field: 'password',
      error: '请填写登录密码',
    })
    expect(checkPhoneChange({ ...base, password: 'x' }, 'oldCode')).toMatchObject({
      field: 'oldCode',
      error: '请填写原手机号验证码',
    })
    // Both sent: the password is the proof, the code is not used.
    expect(checkPhoneChange({ ...base, password: 'pw', oldCode: '1' }).value).toEqual({
      ...base,
      password: 'pw',
      oldCode: '',
    })
    expect(checkPhoneChange({ ...base, password: 'pw', oldCode: '1' }, 'oldCode').value).toEqual({
      ...base,
      password: '',
      oldCode: '1',
    })
  })
})

describe('registration and passwords', () => {
  it('checks registration: four required fields in order, then format, length, repetition', () => {
    const ok = { tel: '13800000001', code: '123456', password: 'secret', okPassword: 'secret' }
    expectMessages(checkRegister, [
      [{}, '请填写手机号'],
      [{ password: 'x', okPassword: 'x', code: '1' }, '请填写手机号'],
      [{ tel: 'x' }, '请填写验证码'],
      [{ tel: 'x', code: '1' }, '请设置密码'],
      [{ tel: 'x', code: '1', password: 'p' }, '请填写确认密码'],
      [{ tel: 'x', code: '1', password: 'p', okPassword: 'q' }, '手机号格式不正确'],
      [{ ...ok, password: '12345', okPassword: '12345' }, '密码至少6位'],
      [{ ...ok, password: 'x'.repeat(65), okPassword: 'x'.repeat(65) }, '密码不能超过64位'],
      [{ ...ok, okPassword: 'secreT' }, '两次输入密码不一致'],
      [ok, null],
    ])
  })

  it('checks the change of password', () => {
    expectMessages(checkPasswordChange, [
      [{}, '请填写原密码'],
      [{ password: 'old' }, '请填写新密码'],
      [{ password: 'old', newPassword: 'newpass' }, '请再次输入新密码'],
      [{ password: 'old', newPassword: 'new', okPassword: 'new' }, '密码至少6位'],
      [{ password: 'old', newPassword: 'newpass', okPassword: 'newpasS' }, '两次输入密码不一致'],
      [{ password: 'newpass', newPassword: 'newpass', okPassword: 'newpass' }, '新密码不能与原密码相同'],
      [{ password: 'old', newPassword: 'newpass', okPassword: 'newpass' }, null],
    ])
  })
})

describe('address', () => {
  const ok = addressForm()
  it('follows accounts §5 in order, with its limits', () => {
    expectMessages(checkAddress, [
      [{}, '请填写收货人'],
      [{ ...ok, name: '名'.repeat(21) }, '收货人不能超过20个字'],
      [{ ...ok, name: '名'.repeat(20), tel: '' }, '请填写手机号'],
      [{ ...ok, tel: '139123456789' }, '手机号格式不正确'],
      [{ ...ok, province: '', city: '', area: '' }, '请选择省市区'],
      [{ ...ok, area: '' }, '请选择省市区'],
      [{ ...ok, street: '' }, '请选择所在街道'],
      [{ ...ok, addressDetail: '' }, '请填写详细地址'],
      [{ ...ok, addressDetail: '址'.repeat(101) }, '详细地址不能超过100个字'],
      [{ ...ok, addressDetail: '址'.repeat(100) }, null],
    ])
  })
  it('normalises: default flag, country, trimmed text', () => {
    const v = checkAddress({ ...ok, name: ' 王丽 ', status: '1' }).value
    expect(v).toMatchObject({ name: '王丽', status: 1, country: '中国' })
    expect(checkAddress({ ...ok, status: 5 }).value?.status).toBe(0)
  })
})

describe('invoice', () => {
  const vat = {
    types: '增值税专用发票',
    companyName: '公司',
    companyCode: '914403001922038216',
    companyAddress: '苏州',
    companyTel: '05126523018',
    bank: '工行',
    account: '11020000123456789',
    name: '周明',
    tel: '13800000001',
    province: '江苏省',
    city: '苏州市',
    area: '姑苏区',
    addressx: '人民路1288号',
  }
  const plain = {
    types: '电子普通发票',
    companyName: '公司',
    companyCode: '914403001922038216',
    name: '周明',
    tel: '13800000001',
  }

  it('a VAT special invoice asks for every field, in the form order, with its limit', () => {
    const ok = vat
    expectMessages(checkInvoice, [
      [{}, '请选择发票类型'],
      [{ ...ok, types: '普通发票' }, '请选择发票类型'],
      [{ ...ok, companyName: '' }, '请填写公司名称'],
      [{ ...ok, companyName: '公'.repeat(21) }, '公司名称不能超过20个字'],
      [{ ...ok, companyCode: '' }, '请填写税号'],
      [{ ...ok, companyAddress: '' }, '请填写注册地址'],
      [{ ...ok, companyTel: '' }, '请填写注册电话'],
      [{ ...ok, companyTel: '1'.repeat(21) }, '注册电话不能超过20位'],
      [{ ...ok, companyTel: '1'.repeat(12) }, '注册电话格式不正确'],
      [{ ...ok, companyTel: '0512-65551234' }, null],
      [{ ...ok, bank: '' }, '请填写开户银行'],
      [{ ...ok, bank: '行'.repeat(31) }, '开户银行不能超过30个字'],
      [{ ...ok, account: '' }, '请填写银行账号'],
      [{ ...ok, name: '' }, '请填写收票人'],
      [{ ...ok, name: '名'.repeat(11) }, '收票人不能超过10个字'],
      [{ ...ok, tel: '' }, '请填写收票人手机号'],
      [{ ...ok, tel: '0512652301' }, '收票人手机号格式不正确'],
      [{ ...ok, province: '' }, '请选择省市区'],
      [{ ...ok, addressx: '' }, '请填写详细地址'],
      [{ ...ok, addressx: '址'.repeat(101) }, '详细地址不能超过100个字'],
      [ok, null],
      [{ ...ok, addressx: '', addressDetail: '人民路' }, null],
    ])
  })

  it('takes a 统一社会信用代码 only with its GB 32100-2015 check character', () => {
    // Real codes of well-known companies (their 18th characters: 6, G, F, Q, X).
    for (const code of [
      '914403001922038216',
      '9144030071526726XG',
      '91330100716105852F',
      '91110108551385082Q',
      '91110000710925462X',
    ]) {
      expect(isCreditCode(code), code).toBe(true)
      expect(checkInvoice({ ...vat, companyCode: code }).error).toBeNull()
    }
    // Typed in small letters it is the same code, kept in capitals.
    expect(checkInvoice({ ...vat, companyCode: '9144030071526726xg' }).value?.companyCode).toBe(
      '9144030071526726XG',
    )
    expectMessages(checkInvoice, [
      // One wrong check character; one wrong character elsewhere.
      [{ ...vat, companyCode: '914403001922038217' }, '税号校验位不正确，请核对'],
      [{ ...vat, companyCode: '9144030071526727XG' }, '税号校验位不正确，请核对'],
      // Too short, too long, a letter the code never uses (I, O, S, V, Z), an old 15-digit tax id.
      [{ ...vat, companyCode: '91440300192203821' }, '税号应为18位统一社会信用代码'],
      [{ ...vat, companyCode: '9144030019220382160' }, '税号应为18位统一社会信用代码'],
      [{ ...vat, companyCode: '91440300192203821O' }, '税号应为18位统一社会信用代码'],
      [{ ...vat, companyCode: '320508123456789' }, '税号应为18位统一社会信用代码'],
    ])
  })

  it('takes a bank account of 8 to 30 digits and nothing else', () => {
    expectMessages(checkInvoice, [
      [{ ...vat, account: '1234567' }, '银行账号应为8至30位数字'],
      [{ ...vat, account: '1'.repeat(31) }, '银行账号应为8至30位数字'],
      [{ ...vat, account: '6217 0000 1234 5678' }, '银行账号应为8至30位数字'],
      [{ ...vat, account: '6217-0000-1234' }, '银行账号应为8至30位数字'],
      [{ ...vat, account: '12345678' }, null],
      // 交通银行's accounts have 21 digits.
      [{ ...vat, account: '310066726018010123456' }, null],
    ])
  })

  it('a plain electronic invoice asks only for the title, the tax id and its receiver', () => {
    expectMessages(checkInvoice, [
      [plain, null],
      [{ ...plain, companyName: '' }, '请填写公司名称'],
      [{ ...plain, companyCode: '' }, '请填写税号'],
      [{ ...plain, companyCode: '914403001922038217' }, '税号校验位不正确，请核对'],
      [{ ...plain, name: '' }, '请填写收票人'],
      [{ ...plain, tel: '' }, '请填写收票人手机号'],
    ])
    // What it did not ask for is not kept, even when the form still held it from the other kind.
    const v = checkInvoice({ ...vat, types: '电子普通发票', account: 'x' }).value
    expect(v).toMatchObject({
      companyAddress: '',
      companyTel: '',
      bank: '',
      account: '',
      province: '',
      addressx: '',
    })
    expect(v).toMatchObject({ companyName: '公司', companyCode: '914403001922038216', name: '周明' })
  })
})

describe('profile', () => {
  const ok = { nickName: '小周', avatarUrl: '/uploads/u/202601/a.png', content: '口腔医生' }
  it('says 请填写昵称 for the nickname, then checks avatar and introduction', () => {
    expectMessages(checkProfile, [
      [{}, '请填写昵称'],
      [{ ...ok, nickName: '名'.repeat(21) }, '昵称不能超过20个字'],
      [{ ...ok, avatarUrl: '' }, '请上传头像'],
      [{ ...ok, avatarUrl: 'javascript:alert(1)' }, '头像地址不正确'],
      [{ ...ok, content: '' }, '请填写简介'],
      [{ ...ok, content: '简'.repeat(151) }, '简介不能超过150个字'],
      [{ ...ok, content: '<img src=x onerror=alert(1)>' }, '简介不能包含“<”或“>”'],
      [{ ...ok, content: '简'.repeat(150) }, null],
    ])
  })
})

describe('certification', () => {
  const img = '/uploads/u/202601/a.png'
  const ok = {
    level: 20,
    recName: '何经理',
    recTel: '13800000003',
    ownerImg: img,
    allowImg: img,
    codeImg: img,
  }
  it('follows storefront §5 in order', () => {
    expectMessages(checkCertification, [
      [{}, '请选择认证身份'],
      [{ ...ok, level: 30 }, '请选择认证身份'],
      [{ ...ok, level: '10', recName: '' }, '请填写联系人'],
      [{ ...ok, recName: '名'.repeat(21) }, '联系人不能超过20个字'],
      [{ ...ok, recTel: '' }, '请填写联系电话'],
      [{ ...ok, recTel: '1'.repeat(21) }, '联系电话不能超过20个字'],
      [{ ...ok, ownerImg: '' }, '请选择营业执照'],
      [{ ...ok, ownerImg: [img, img, img, img].join(',') }, '营业执照最多3张'],
      [{ ...ok, allowImg: '' }, '请选择医疗机构执业许可证'],
      [{ ...ok, codeImg: ' , ' }, '请选择法人身份证盖章'],
      [{ ...ok, codeImg: 'javascript:x' }, '法人身份证盖章的文件地址不正确'],
      [{ ...ok, email: 'not-mail' }, '邮箱格式不正确'],
      [{ ...ok, ownerImg: [img, img, img], email: 'a@b.cn' }, null],
    ])
    expect(checkCertification({ ...ok, level: '10' }).value?.level).toBe(10)
  })
})

describe('complaint', () => {
  const f = '/uploads/u/202601/a.png'
  it('needs content, then files, then checks their limits', () => {
    expectMessages(checkComplaint, [
      [{}, '请填写投诉内容'],
      [{ imgurls: f }, '请填写投诉内容'],
      [{ brief: '太慢' }, '请上传材料'],
      [{ brief: '慢'.repeat(101), imgurls: f }, '投诉内容不能超过100个字'],
      [{ brief: '慢'.repeat(100), imgurls: `${f},${f},${f}` }, '最多上传2个文件'],
      [{ content: '慢'.repeat(100), imgurls: `${f},${f}` }, null],
    ])
    expect(checkComplaint({ brief: ' 太慢 ', imgurls: `${f}, ${f}` }).value).toEqual({
      content: '太慢',
      files: [f, f],
    })
  })
})

describe('each rule names the field it refuses', () => {
  /** Feeds each input to the rule and expects the field its refusal names (null: accepted). */
  function expectFields(rule: Rule, cases: [Record<string, unknown>, string | null][]) {
    expect(cases.map(([input]) => rule(input).field)).toEqual(cases.map(([, field]) => field))
  }
  const img = '/uploads/u/202601/a.png'

  it('login, registration, phone and password', () => {
    expectFields(checkCodeLogin, [
      [{}, 'tel'],
      [{ tel: '1' }, 'tel'],
      [{ tel: '13800000001' }, 'code'],
      [{ tel: '13800000001', code: '1' }, null],
    ])
    expectFields(checkPasswordLogin, [[{ tel: '13800000001' }, 'password']])
    const ok = { tel: '13800000001', code: '1', password: 'secret', okPassword: 'secret' }
    expectFields(checkRegister, [
      [{}, 'tel'],
      [{ tel: 'x' }, 'code'],
      [{ tel: 'x', code: '1' }, 'password'],
      [{ tel: 'x', code: '1', password: 'p' }, 'okPassword'],
      [{ ...ok, tel: 'x' }, 'tel'],
      [{ ...ok, password: '12345', okPassword: '12345' }, 'password'],
      [{ ...ok, okPassword: 'secreT' }, 'okPassword'],
      [ok, null],
    ])
    expectFields(checkPasswordChange, [
      [{}, 'password'],
      [{ password: 'o' }, 'newPassword'],
      [{ password: 'o', newPassword: 'newpass' }, 'okPassword'],
      [{ password: 'o', newPassword: 'new', okPassword: 'new' }, 'newPassword'],
      [{ password: 'o', newPassword: 'newpass', okPassword: 'newpasS' }, 'okPassword'],
    ])
    expectFields(checkPhoneChange, [
      [{}, 'tel'],
      [{ tel: '13800000001' }, 'newTel'],
      [{ tel: '13800000001', newTel: '1' }, 'code'],
      [{ tel: '13800000001', newTel: '1', code: '1' }, 'newTel'],
      [{ tel: '13800000001', newTel: '13800000001', code: '1' }, 'newTel'],
    ])
    expect(checkPhone({}).field).toBe('tel')
    expect(checkPhone({ newTel: '1' }, 'newTel')).toMatchObject({
      field: 'newTel',
      error: '手机号格式不正确',
    })
  })

  it('address: the region picker is `address`, its street `street`', () => {
    const ok = {
      name: '王丽',
      tel: '13912345678',
      address: '江苏省,苏州市,姑苏区,平江街道',
      addressDetail: '1号',
    }
    expectFields(checkAddress, [
      [{}, 'name'],
      [{ ...ok, tel: '1' }, 'tel'],
      [{ ...ok, address: '江苏省,苏州市' }, 'address'],
      [{ ...ok, address: '江苏省,苏州市,姑苏区' }, 'street'],
      [{ ...ok, addressDetail: '' }, 'addressDetail'],
      [{ ...ok, country: '国'.repeat(21) }, 'country'],
      [ok, null],
    ])
  })

  it('invoice, profile, certification and complaint', () => {
    expectFields(checkInvoice, [
      [{}, 'types'],
      [{ types: '电子普通发票' }, 'companyName'],
    ])
    const profile = { nickName: '小周', avatarUrl: img, content: '口腔医生' }
    expectFields(checkProfile, [
      [{}, 'nickName'],
      [{ ...profile, avatarUrl: 'javascript:x' }, 'avatarUrl'],
      [{ ...profile, content: '<b>' }, 'content'],
      [{ ...profile, ext: 'x'.repeat(501) }, 'ext'],
      [profile, null],
    ])
    const cert = { level: 10, recName: '何', recTel: '1', ownerImg: img, allowImg: img, codeImg: img }
    expectFields(checkCertification, [
      [{}, 'level'],
      [{ ...cert, recName: '' }, 'recName'],
      [{ ...cert, recTel: '' }, 'recTel'],
      [{ ...cert, ownerImg: '' }, 'ownerImg'],
      [{ ...cert, allowImg: '' }, 'allowImg'],
      [{ ...cert, codeImg: 'javascript:x' }, 'codeImg'],
      [{ ...cert, email: 'x' }, 'email'],
      [cert, null],
    ])
    expectFields(checkComplaint, [
      [{}, 'brief'],
      [{ brief: '慢' }, 'imgurls'],
      [{ brief: '慢'.repeat(101), imgurls: img }, 'brief'],
      [{ brief: '慢', imgurls: [img, img, img] }, 'imgurls'],
      [{ brief: '慢', imgurls: img }, null],
    ])
  })
})

describe('stars', () => {
  it('counts stars from cumulative spending (storefront §6)', () => {
    const cases: [number, number][] = [
      [0, 0],
      [-5, 0],
      [0.01, 1],
      [2000, 1],
      [2000.01, 2],
      [50000, 2],
      [100000, 3],
      [200000, 4],
      [200000.01, 5],
    ]
    expect(cases.map(([yuan]) => stars(yuan))).toEqual(cases.map(([, n]) => n))
    expect(stars(60000, [50000, 100000, 200000, 400000])).toBe(2)
  })

  it('quotes the upgrade prompt of the next star from the configuration (storefront §6, §9)', () => {
    const levels = { upgradeTexts: [2000, 5000, 10000, 20000] }
    expect([2, 3, 4, 5].map((n) => upgradePrompt(levels, n))).toEqual([2000, 5000, 10000, 20000])
    // No prompt for the first star (any spending gives it), past the fifth, or without the list.
    expect(upgradePrompt(levels, 1)).toBeNull()
    expect(upgradePrompt(levels, 6)).toBeNull()
    expect(upgradePrompt({ stars: [1] }, 2)).toBeNull()
    expect(upgradePrompt(null, 2)).toBeNull()
    expect(upgradePrompt({ upgradeTexts: ['2000'] }, 2)).toBeNull()
  })
})
