/**
 * The back office's site-content calls (issue 21, permission content.write): banners by
 * position, their drafts (saved, previewed, published, discarded), their image upload, and the
 * site builder's status shown after every save.
 */
import { BannerPosition } from '../../../src/lib/constants.ts'
import { isLinkTarget, LINK_TARGET } from '../../../src/lib/rules/fields.ts'
import { adminRoute } from '../../admin/admin-route.ts'
import { answers, fileBody, jsonBody, z } from '../../contract/index.ts'
import { id, oneOf } from '../../contract/params.ts'
import { apiToDbTime } from '../../time.ts'
import { sort } from './content.admin-routes.ts'
import { draftRoutes } from './draft-routes.ts'

const POSITIONS = Object.values(BannerPosition) as [string, ...string[]]

/** 'yyyy-mm-dd hh:mm' or with seconds, China time; null or '' for open-ended. */
const When = z
  .union([
    z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, '时间格式不正确，应为yyyy-mm-dd hh:mm'),
    z.literal(''),
    z.null(),
  ])
  .transform((v, ctx) => {
    if (!v) return null
    // The calendar check of every stored time: no 30 February, no hour 24.
    const at = apiToDbTime((v.length === 16 ? `${v}:00` : v).replace(/\D/g, ''))
    if (!at) ctx.addIssue({ code: 'custom', message: '时间格式不正确，应为yyyy-mm-dd hh:mm' })
    return at
  })
  .optional()
  .openapi({ type: 'string', description: '开始/结束时间（yyyy-mm-dd hh:mm，北京时间）；空为不限' })

const fields = {
  title: z.string().trim().max(60, '标题不能超过60个字符').optional(),
  imgurl: z
    .string()
    .max(300)
    .optional()
    .openapi({ description: '图片路径（经 /api/admin/content/images 上传）' }),
  link: z
    .string()
    .trim()
    .max(500, '链接不能超过500个字符')
    .refine((s) => s === '' || isLinkTarget(s), LINK_TARGET)
    .optional(),
  sort: sort.optional(),
  enabled: z.boolean().optional(),
  startTime: When,
  endTime: When,
}

export const BannerEdit = z.object(fields).strict().openapi('BannerEdit')
export const BannerNew = z
  .object({
    ...fields,
    position: z.enum(POSITIONS, { error: '请选择广告位' }),
    imgurl: z.string({ error: '请上传广告图片' }).min(1, '请上传广告图片').max(300),
  })
  .strict()
  .openapi('BannerNew')

const liveBanner = {
  title: z.string(),
  imgurl: z.string(),
  link: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
}
export const BannerDraft = z
  .object(liveBanner)
  .openapi('BannerDraft', { description: '未发布的草稿：发布后成为广告图的这些字段；只有后台看得到' })
export const AdminBanner = z
  .object({
    id: z.number().int(),
    position: z.string(),
    ...liveBanner,
    draft: BannerDraft.nullable(),
  })
  .openapi('AdminBanner')

const bannerId = z.object({ id: id('广告图编号') })

export const getAdminBanners = adminRoute('get', '/admin/banners', 'content.write', {
  summary: '全部广告图（含停用的），按位置和排序',
  request: { query: z.object({ position: oneOf('广告位', POSITIONS) }) },
  responses: answers(z.array(AdminBanner), [401]),
})

export const postAdminBanner = adminRoute('post', '/admin/banners', 'content.write', {
  summary: '新增广告图',
  request: { body: jsonBody(BannerNew) },
  responses: answers(AdminBanner, [401]),
})

export const putAdminBanner = adminRoute('put', '/admin/banners/{id}', 'content.write', {
  summary: '修改广告图（只改给出的字段）；站点随后重建',
  request: { params: bannerId, body: jsonBody(BannerEdit) },
  responses: answers(AdminBanner, [401, 404]),
})

/** The banner's draft calls: its preview, a new banner as a draft, save, publish, discard. */
export const bannerDrafts = draftRoutes({
  base: '/admin/banners',
  param: '{id}',
  noun: '广告图',
  one: '一张广告图',
  params: bannerId,
  answer: AdminBanner,
  edit: BannerEdit,
  create: BannerNew,
  notFound: true,
})

export const deleteAdminBanner = adminRoute('delete', '/admin/banners/{id}', 'content.write', {
  summary: '删除广告图',
  request: { params: bannerId },
  responses: answers(z.object({ id: z.number().int() }), [401, 404]),
})

export const postContentImage = adminRoute('post', '/admin/content/images', 'content.write', {
  summary: '上传站点内容用的图片（png、jpg、gif、webp，公开存放）',
  request: {
    body: fileBody('图片'),
  },
  responses: answers(z.object({ path: z.string() }), [401, 413]),
})

const AdminBuildStatus = z
  .object({
    last: z
      .object({ changeId: z.number(), builtAt: z.string(), seconds: z.number(), kind: z.string() })
      .loose()
      .nullable(),
    queued: z.object({ tags: z.array(z.string()), count: z.number(), upTo: z.number() }),
    building: z.object({ kind: z.string(), since: z.string(), tags: z.number() }).nullable(),
    failures: z.number().openapi({ description: '连续失败次数；0：上次生成成功' }),
    lastError: z.string().nullable().openapi({ description: '上次失败的原因' }),
    nextRetryAt: z.string().nullable().openapi({ description: '自动重试的时间（ISO）' }),
  })
  .loose()
  .openapi('AdminBuildStatus')

export const getBuildStatus = adminRoute('get', '/admin/site/build-status', 'content.write', {
  summary: '站点生成状态：上次生成、排队中的变更、正在生成的页面、失败原因与自动重试时间',
  responses: answers(AdminBuildStatus, [401]),
})

export const postBuildRetry = adminRoute('post', '/admin/site/build-retry', 'content.write', {
  summary: '生成失败后立即重试（不等自动重试的间隔），答复生成状态；本进程不生成站点时 409',
  responses: answers(AdminBuildStatus, [401, 409]),
})
