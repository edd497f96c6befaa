import { checkStockAlert } from '../../../src/lib/rules/stock-alert.ts'
import { answers, apiRoute, z } from '../../contract/index.ts'
import { field, id } from '../../contract/params.ts'
import { ruleRequest } from '../../contract/requests.ts'
import { signedIn } from '../../http.ts'

const tags = ['产品']

export const postStockAlert = apiRoute('post', '/ProductSpu/PostStockAlert', tags, {
  summary:
    '到货通知：订阅已售罄的规格，补货后在系统通知（及短信）中告知一次。有货时 409「该规格有货，可直接购买」；已订阅且未通知时 409「已订阅到货通知」',
  middleware: [signedIn],
  request: ruleRequest(checkStockAlert, { skuId: field('integer', '规格编号') }),
  responses: answers(z.string().openapi({ example: '到货后将通知您' }), [401, 404, 409]),
})

export const getStockAlerts = apiRoute('get', '/ProductSpu/GetStockAlerts', tags, {
  summary: '当前用户在该产品上已订阅、尚未通知的到货通知：规格编号列表',
  middleware: [signedIn],
  request: { query: z.object({ spuId: id('产品编号') }) },
  responses: answers(z.array(z.number().int()).openapi({ description: '规格编号' }), [401]),
})
