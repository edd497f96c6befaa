import { answers, apiRoute, z } from '../../contract/index.ts'
import { id } from '../../contract/params.ts'
import { signedIn } from '../../http.ts'

const tags = ['订单']

/** One parcel of an order (accounts §3's waybill, with what it holds): its tracking, refreshed on a read as often as the courier allows. */
export const Waybill = z
  .object({
    company: z.string().openapi({ description: '快递公司，如 顺丰速运' }),
    number: z.string().openapi({ description: '运单号' }),
    status: z.string().openapi({ description: '最新状态：已揽收、运输中、到达、派送中、已签收' }),
    locus: z.string().openapi({
      description: '物流轨迹 JSON 字符串：[{upload_Time, status, infoContent, processInfo}]，最新在前',
    }),
    items: z
      .array(z.object({ lineId: z.number().int(), title: z.string(), quantity: z.number().int() }))
      .openapi({ description: '此包裹装的商品与数量（一单可分多个包裹发出）' }),
    replacement: z.boolean().openapi({ description: '换货寄出的新商品' }),
  })
  .openapi('Waybill')
export type Waybill = z.infer<typeof Waybill>

export const getWay = apiRoute('get', '/Express/GetWay', tags, {
  summary: '自己的订单的运单与物流轨迹（他人的订单答 404 订单不存在）',
  middleware: [signedIn],
  request: { query: z.object({ id: id('订单编号') }) },
  responses: answers(z.array(Waybill), [401, 404]),
})
