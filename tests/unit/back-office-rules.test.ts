import { describe, expect, it } from 'vitest'
import { csvCell } from '../../server/modules/order-desk/order-exports.ts'
import {
  checkAfterSalesDecision,
  checkInvoiceIssue,
  checkTransferReceipt,
} from '../../src/lib/rules/back-office.ts'
import { checkInvoiceReissue, checkInvoiceVoid } from '../../src/lib/rules/invoice-correction.ts'
import { checkReauth, REAUTH_NEEDED, REAUTH_WRONG } from '../../src/lib/rules/staff.ts'

describe('checkInvoiceIssue', () => {
  it('wants a number of letters and digits, at most 40, and a private file or none', () => {
    expect(checkInvoiceIssue({}).error).toBe('请填写发票号码')
    expect(checkInvoiceIssue({ number: '0440 1234' }).error).toBe('发票号码只能包含字母和数字')
    expect(checkInvoiceIssue({ number: '1'.repeat(41) }).error).toBe('发票号码不能超过40个字符')
    expect(checkInvoiceIssue({ number: '04401234', file: '/uploads/u/00/a.pdf' }).error).toBe(
      '发票文件不正确，请重新上传',
    )
    expect(checkInvoiceIssue({ number: ' 04401234 ', file: '/private/u/3f/3f.pdf' })).toEqual({
      error: null,
      field: null,
      value: { number: '04401234', file: '/private/u/3f/3f.pdf' },
    })
    expect(checkInvoiceIssue({ number: 'A1' }).value).toEqual({ number: 'A1', file: '' })
  })
})

describe('checkInvoiceVoid and checkInvoiceReissue (invoice correction)', () => {
  it('a red-letter wants its number as an invoice does, and a reason of at most 100', () => {
    expect(checkInvoiceVoid({}).error).toBe('请填写红字发票号码')
    expect(checkInvoiceVoid({ number: 'R-1', reason: 'x' }).error).toBe('红字发票号码只能包含字母和数字')
    expect(checkInvoiceVoid({ number: 'R1', reason: '长'.repeat(101) }).error).toBe('红冲原因不能超过100个字')
    expect(checkInvoiceVoid({ number: 'R1', reason: ' 抬头有误 ' }).value).toEqual({
      number: 'R1',
      file: '',
      reason: '抬头有误',
    })
  })

  it('a reissue takes the title and tax id together or neither, the tax id with its check character', () => {
    expect(checkInvoiceReissue({ number: 'A2' })).toMatchObject({
      error: null,
      value: { number: 'A2', title: '', taxCode: '' },
    })
    expect(checkInvoiceReissue({ number: 'A2', title: '某诊所' }).error).toBe('请填写税号')
    expect(checkInvoiceReissue({ number: 'A2', taxCode: '914403001922038216' }).error).toBe('请填写公司名称')
    expect(checkInvoiceReissue({ number: 'A2', title: '某诊所', taxCode: '91440300192203821' }).error).toBe(
      '税号应为18位统一社会信用代码',
    )
    expect(
      checkInvoiceReissue({ number: 'A2', title: '某'.repeat(21), taxCode: '914403001922038216' }).error,
    ).toBe('公司名称不能超过20个字')
    expect(
      checkInvoiceReissue({ number: 'A2', title: '某诊所', taxCode: '914403001922038216' }),
    ).toMatchObject({
      error: null,
      value: { title: '某诊所', taxCode: '914403001922038216' },
    })
  })
})

describe('checkAfterSalesDecision', () => {
  it('wants approve or reject and a reason of at most 100 characters', () => {
    expect(checkAfterSalesDecision({}).error).toBe('请选择审核结果')
    expect(checkAfterSalesDecision({ decision: 'maybe' }).error).toBe('请选择审核结果')
    expect(checkAfterSalesDecision({ decision: 'reject', reason: '长'.repeat(101) }).error).toBe(
      '原因不能超过100个字',
    )
    expect(checkAfterSalesDecision({ decision: 'reject' }).value).toEqual({ decision: 'reject', reason: '' })
    expect(checkAfterSalesDecision({ decision: 'approve', reason: ' 同意 ' }).value).toEqual({
      decision: 'approve',
      reason: '同意',
    })
  })
})

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, and keeps formula-looking text as text', () => {
    expect(csvCell('D2026')).toBe('D2026')
    expect(csvCell(12.5)).toBe('12.5')
    expect(csvCell('a,"b"')).toBe('"a,""b"""')
    expect(csvCell('第一行\n第二行')).toBe('"第一行\n第二行"')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('+86 138')).toBe("'+86 138")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
  })
})

describe('checkTransferReceipt', () => {
  const ok = { amount: '100.5', reference: 'B202612070001', payer: '某某口腔医院' }
  it('wants the amount in yuan, the bank reference and the payer; the day and the scan are optional', () => {
    expect(checkTransferReceipt({}).error).toBe('请填写到账金额')
    expect(checkTransferReceipt({ ...ok, amount: '1.234' }).error).toBe(
      '到账金额应为大于 0 的金额，最多两位小数',
    )
    expect(checkTransferReceipt({ ...ok, amount: 0 }).error).toBe('到账金额应为大于 0 的金额，最多两位小数')
    expect(checkTransferReceipt({ ...ok, reference: ' ' }).error).toBe('请填写银行流水号')
    expect(checkTransferReceipt({ ...ok, reference: 'a'.repeat(65) }).error).toBe(
      '银行流水号不能超过64个字符',
    )
    expect(checkTransferReceipt({ ...ok, payer: '' }).error).toBe('请填写付款户名')
    expect(checkTransferReceipt({ ...ok, receivedAt: '2026-02-30' }).error).toBe('到账日期格式不正确')
    expect(checkTransferReceipt({ ...ok, slip: 'http://x/y.png' }).error).toBe('回单文件不正确，请重新上传')
    expect(checkTransferReceipt({ ...ok, amount: 100.5, receivedAt: '2026-12-01' }).value).toEqual({
      amountFen: 10_050,
      reference: 'B202612070001',
      payer: '某某口腔医院',
      receivedAt: '2026-12-01',
      slip: '',
    })
  })
})

describe('checkReauth (issue 39)', () => {
  it('wants the acting admin’s password, or a 6-digit code instead', () => {
    for (const none of [undefined, null, {}, { password: '' }, { totp: '' }, { password: ['demo1234'] }])
      expect(checkReauth(none)).toMatchObject({ field: 'password', error: REAUTH_NEEDED })
    expect(checkReauth({ password: 'x'.repeat(65) }).error).toBe(REAUTH_WRONG)
    // A password is as typed: its spaces are part of it.
    expect(checkReauth({ password: ' demo1234 ' }).value).toEqual({ password: ' demo1234 ' })
    expect(checkReauth({ totp: '12ab' })).toMatchObject({ field: 'totp', error: '动态验证码为 6 位数字' })
    // The code wins when both are sent: it is what the dialog's second way sends.
    expect(checkReauth({ password: 'demo1234', totp: ' 123456 ' }).value).toEqual({ totp: '123456' })
  })
})
