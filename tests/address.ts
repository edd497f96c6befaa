/**
 * A delivery address (收货地址) a customer saves, valid in every field: the rule's unit tests and
 * the API tests check the form against it field by field, the e2e specs save one before a screen.
 *   addressForm({ name: '王五', addressDetail: '观前街1号', status: 1 })
 */
export const addressForm = <T extends Record<string, unknown>>(over: T = {} as T) => ({
  name: '王丽',
  tel: '13912345678',
  province: '江苏省',
  city: '苏州市',
  area: '姑苏区',
  street: '平江街道',
  addressDetail: '人民路100号',
  ...over,
})
