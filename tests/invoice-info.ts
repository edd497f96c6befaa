/**
 * An invoice header (抬头) a customer saves, valid in every field: the API tests check the form
 * against it field by field, the e2e specs save it before asking for an invoice.
 *   invoiceInfo({ companyName: '苏州丁口腔医院', types: '增值税专用发票' })
 */
export const invoiceInfo = <T extends Record<string, unknown>>(over: T = {} as T) => ({
  types: '电子普通发票',
  companyName: '苏州甲口腔诊所',
  companyCode: '91320508MA27Q5RX32',
  companyAddress: '苏州市姑苏区干将西路566号',
  companyTel: '05126876542',
  bank: '招商银行苏州分行营业部',
  account: '512907334410801',
  name: '周明',
  tel: '13800000001',
  province: '江苏省',
  city: '苏州市',
  area: '姑苏区',
  street: '平江街道',
  addressx: '人民路1288号',
  status: 0,
  ...over,
})
