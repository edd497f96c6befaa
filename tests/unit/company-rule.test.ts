import { describe, expect, it } from 'vitest'
import { checkCompany, readCompany } from '../../src/lib/rules/company.ts'
import { companyDefaults, fullAddress } from '../../src/lib/site.ts'

describe('checkCompany (src/lib/rules/company.ts)', () => {
  it('passes the defaults, so a site never edited builds from facts the form would accept', () => {
    expect(checkCompany(companyDefaults)).toEqual({ error: null, field: null, value: companyDefaults })
  })

  it('takes a 400 number, a landline with its area code or a mobile for a phone', () => {
    for (const hotline of ['400-820-6688', '4008206688', '0512-62886688', '021-64881234-88', '13962118866'])
      expect(checkCompany({ ...companyDefaults, hotline }).error, hotline).toBeNull()
    for (const hotline of ['62886688', '1396211886', '+8613962118866', '400-82-6688'])
      expect(checkCompany({ ...companyDefaults, hotline })).toMatchObject({
        field: 'hotline',
        error: '服务热线格式不正确，应为手机号、座机（如0512-62886688）或400号码',
      })
  })

  it('names the list item and the field path of the first problem', () => {
    const contacts = companyDefaults.contacts.map((c, i) => (i === 1 ? { ...c, email: 'a b@c.cn' } : c))
    expect(checkCompany({ ...companyDefaults, contacts })).toEqual({
      error: '第2位联系人：邮箱格式不正确',
      field: 'contacts.1.email',
      value: null,
    })
    const intro = ['第一段', '  ']
    expect(checkCompany({ ...companyDefaults, about: { ...companyDefaults.about, intro } })).toMatchObject({
      error: '第2段公司简介：请填写公司简介',
      field: 'about.intro.1',
    })
    expect(
      checkCompany({ ...companyDefaults, qr: { ...companyDefaults.qr, app: { link: '', image: '' } } }),
    ).toMatchObject({
      error: '请填写下载APP链接或上传二维码图片',
      field: 'qr.app',
    })
  })
})

describe('readCompany', () => {
  it('gives the defaults for no row or a row that no longer passes, and fills fields a row lacks', () => {
    expect(readCompany(undefined)).toBe(companyDefaults)
    expect(readCompany('not json')).toBe(companyDefaults)
    expect(readCompany(JSON.stringify({ ...companyDefaults, hotline: 'x' }))).toBe(companyDefaults)
    const { icp: _, ...older } = { ...companyDefaults, hotline: '400-100-2233' }
    expect(readCompany(JSON.stringify(older))).toEqual({ ...companyDefaults, hotline: '400-100-2233' })
  })
})

describe('fullAddress', () => {
  it('joins the parts and names a municipality once', () => {
    expect(fullAddress(companyDefaults.postal)).toBe('江苏省苏州市工业园区星湖街328号创意产业园12栋5楼')
    expect(fullAddress({ region: '上海市', locality: '上海市', street: '闵行区申长路990弄' })).toBe(
      '上海市闵行区申长路990弄',
    )
  })
})
