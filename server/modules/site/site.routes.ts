import { CompanySchema } from '../../../src/lib/rules/company.ts'
import { answers, apiRoute, z } from '../../contract/index.ts'
import { str } from '../../contract/params.ts'

const tags = ['站点']

export const Banner = z
  .object({
    id: z.number().int(),
    position: z.string().openapi({ description: 'BannerPosition 之一，如 pc_home' }),
    imgurl: z.string(),
    urls: z.string().openapi({ description: '点击后打开的链接' }),
    title: z.string(),
  })
  .openapi('Banner')

export const ClassifyItem = z.object({ id: z.number().int(), title: z.string() }).openapi('ClassifyItem')

/** One group per dictionary key of ClassifyKey (src/lib/constants.ts). */
export const ClassifyGroup = z
  .object({ key: z.string(), list: z.array(ClassifyItem) })
  .openapi('ClassifyGroup')

/** Both readings of the membership thresholds (storefront §6, §9); see README, API. */
export const LevelConfig = z
  .object({
    stars: z.array(z.number()).openapi({ description: '星级门槛（累计消费，元）' }),
    upgradeTexts: z.array(z.number()).optional().openapi({ description: '升级提示里的消费额' }),
  })
  .loose()
  .openapi('LevelConfig')

/**
 * The company facts marketing edits (src/lib/rules/company.ts): what the pages show. Named with
 * zod's own meta(), which /api/doc reads too: the schema may be made before @hono/zod-openapi
 * adds .openapi() to zod, and a schema made earlier does not get it.
 */
export const CompanyFacts = CompanySchema.meta({
  id: 'CompanyFacts',
  description: '公司信息：服务热线、地址、办事处、联系人、ICP备案号、页脚二维码、关于页文字',
})

export const SiteConfig = z
  .object({
    agreement: z.string().openapi({ description: '用户协议 HTML' }),
    content: z.string().openapi({ description: '隐私政策 HTML' }),
    imgurl: z.string().openapi({ description: '等级说明 HTML' }),
    levels: LevelConfig.optional(),
    company: CompanyFacts.optional().meta({
      description: '公司信息（页面构建时读取；未给出时用 src/lib/site.ts 的默认值）',
    }),
  })
  .openapi('SiteConfig')

export const Street = z.object({ id: z.string(), title: z.string() }).openapi('Street')

export const getBanners = apiRoute('get', '/Adinfo/GetAdinfoAll', tags, {
  summary: '所有展示中的广告图，按位置和排序',
  responses: answers(z.array(Banner)),
})

export const getClassifies = apiRoute('get', '/Classify/GetClassifyQuerys', tags, {
  summary: '分类字典：每个键一组',
  responses: answers(z.array(ClassifyGroup)),
})

export const getConfigs = apiRoute('get', '/Users/GetUsersConfigs', tags, {
  summary: '公开配置：用户协议、隐私政策、等级说明、等级门槛与公司信息',
  responses: answers(SiteConfig),
})

export const getStreets = apiRoute('get', '/Region/GetRegionQueryTitle', tags, {
  summary: '区县下的街道。区县重名时用 city 或 code 区分',
  request: {
    query: z.object({
      code: str('地区编码', 12),
      title: str('区县名称', 30),
      city: str('城市名称', 30),
    }),
  },
  responses: answers(z.array(Street)),
})
