import { PAY_WAY_CODES } from '../../../src/lib/pay-ways.ts'
import { answers, apiRoute, jsonBody, z } from '../../contract/index.ts'
import { field, flag, id, objectBody, oneOf, str } from '../../contract/params.ts'
import { signedIn } from '../../http.ts'

/** The corporate account a transfer goes to (Orders/GetOrdersPay way=union). */
export const TransferAccount = z
  .object({
    name: z.string().openapi({ description: '户名' }),
    bank: z.string().openapi({ description: '开户行' }),
    number: z.string().openapi({ description: '账号' }),
  })
  .openapi('TransferAccount')

/**
 * The answer of Orders/GetOrdersPay and Recharge/GetRechargePay: status 20 once paid (balance);
 * status 10 with code_url (alipay, wechat: what the QR code carries), with body (live Alipay's PC
 * page pay: the form the page submits to the gateway) or with the account and a tip (union: the
 * order stays unpaid until an operator confirms the transfer).
 */
export const PayAnswer = z
  .object({
    status: z.number().int().openapi({ description: '20 已支付（余额）；10 待支付' }),
    code_url: z.string().optional().openapi({
      description:
        '二维码内容：支付页地址（alipay、wechat）；微信支付正式接入时为 weixin://wxpay/bizpayurl?pr=…',
    }),
    body: z.string().optional().openapi({
      description:
        '支付宝电脑网站支付（scene=h5：手机网站支付）的表单（HTML）：页面提交它，转到支付宝付款；付款后回到 /pay?id=…',
    }),
    authorize_url: z.string().optional().openapi({
      description:
        '微信内支付（scene=jsapi）尚无 code 时：公众号网页授权（snsapi_base）地址，页面前往它，带 code 回到支付页',
    }),
    jsapi: z
      .object({
        appId: z.string(),
        timeStamp: z.string(),
        nonceStr: z.string(),
        package: z.string().openapi({ description: 'prepay_id=…' }),
        signType: z.literal('RSA'),
        paySign: z.string(),
      })
      .optional()
      .openapi({ description: "微信内支付：WeixinJSBridge.invoke('getBrandWCPayRequest', jsapi) 的参数" }),
    h5_url: z.string().optional().openapi({
      description: '手机浏览器支付（scene=h5）：页面前往的支付地址，付款后回到 /pay?id=…&back=h5',
    }),
    account: TransferAccount.optional().openapi({ description: '对公转账的收款账户（union）' }),
    tip: z.string().optional().openapi({ description: '对公转账的提示（union）' }),
    deadline: z.string().optional().openapi({
      description: '对公转账的付款截止时间（union；下单后 TRANSFER_EXPIRY_HOURS 小时），逾期订单自动取消',
    }),
  })
  .openapi('PayAnswer')
export type PayAnswer = z.infer<typeof PayAnswer>

/** A wallet top-up (Recharge/GetRecharge). */
export const Recharge = z
  .object({
    id: z.number().int(),
    price: z.number().openapi({ description: '充值金额（元）' }),
    status: z.number().int().openapi({ description: '10 待支付，20 已到账' }),
    createTime: z.string(),
  })
  .openapi('Recharge')
export type Recharge = z.infer<typeof Recharge>

/** The pay page's poll (accounts §4): an Orders call, answered by payments, which can ask the provider. */
export const getOrderStatus = apiRoute('get', '/Orders/GetOrdersStatus', ['订单'], {
  summary: '自己的一个订单的状态（支付页轮询；支付后为 20）',
  middleware: [signedIn],
  request: { query: z.object({ id: id('订单编号') }) },
  responses: answers(z.number().int().openapi({ description: '订单状态' }), [401, 404]),
})

export const getOrdersPay = apiRoute('get', '/Orders/GetOrdersPay', ['支付'], {
  summary:
    '支付自己的待付款订单：余额立即支付；支付宝、微信得到二维码内容（支付宝正式接入时得到电脑网站支付的表单 body，qr=1 仍要二维码）；对公转账得到收款账户',
  middleware: [signedIn],
  request: {
    query: z.object({
      id: id('订单编号'),
      way: oneOf('支付方式', PAY_WAY_CODES),
      qr: flag('1：要二维码（当面付），即使该支付方式有自己的付款页面'),
      scene: oneOf('支付场景', ['jsapi', 'h5']).openapi({
        description:
          '手机上：jsapi 微信内支付（仅微信浏览器），h5 手机浏览器支付；不传为二维码或电脑网站支付',
      }),
      code: str('微信网页授权 code', 128),
    }),
  },
  responses: answers(PayAnswer, [401, 404]),
})

export const postRechargeAppend = apiRoute('post', '/Recharge/PostRechargeAppend', ['钱包'], {
  summary: '新建一笔待支付的余额充值',
  middleware: [signedIn],
  request: {
    body: jsonBody(
      objectBody({
        groups: field('integer', '类型：30 余额充值'),
        title: field('string', '标题（忽略：记录的标题总是“余额充值”）'),
        price: field('number', '充值金额（元），0.01 到 50000'),
      }),
    ),
  },
  responses: answers(z.object({ id: z.number().int() }), [401]),
})

export const getRechargePay = apiRoute('get', '/Recharge/GetRechargePay', ['钱包'], {
  summary: '支付自己的待支付充值：得到二维码内容',
  middleware: [signedIn],
  request: {
    query: z.object({ id: id('充值编号'), way: oneOf('支付方式', ['alipay', 'wechat']) }),
  },
  responses: answers(PayAnswer, [401, 404]),
})

export const getRecharge = apiRoute('get', '/Recharge/GetRecharge', ['钱包'], {
  summary: '自己的一笔充值及其状态（付款后轮询）',
  middleware: [signedIn],
  request: { query: z.object({ id: id('充值编号') }) },
  responses: answers(Recharge, [401, 404]),
})
