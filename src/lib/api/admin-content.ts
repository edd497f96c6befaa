/**
 * The back office's site-content calls (issue 21): banners, FAQ, configuration texts and their
 * drafts, dictionaries, the company facts, and the site builder's status, typed from their routes
 * (server/modules/site/*.admin-routes.ts). Admin islands only (src/islands/admin/).
 */
import type { AdminBanner, BannerDraft } from '../../../server/modules/site/banners.service.ts'
import type { AdminFaq, AdminText, FaqDraft } from '../../../server/modules/site/content.service.ts'
import type { ClassifyKeyName } from '../constants.ts'
import type { CompanyFacts } from '../rules/company.ts'
import { type AdminAnswer, type AdminBody, adminCall, adminUpload } from './admin-call.ts'

export type { AdminBanner, AdminFaq, AdminText, BannerDraft, CompanyFacts, FaqDraft }
export type DictEntry = AdminAnswer<'get', '/admin/dictionaries'>[number]
export type BuildStatus = AdminAnswer<'get', '/admin/site/build-status'>

/**
 * The calls of each kind of content; its drafts (bannerDrafts, faqDrafts, textDrafts): the item
 * with its draft, saving the draft, publishing it, discarding it, by id or a text's key.
 */
export const contentApi = {
  banners: (position: string) => adminCall('get', '/admin/banners')({ query: position ? { position } : {} }),
  addBanner: (b: AdminBody<'post', '/admin/banners'>) => adminCall('post', '/admin/banners')({ json: b }),
  editBanner: (id: number, b: AdminBody<'put', '/admin/banners/{id}'>) =>
    adminCall('put', '/admin/banners/{id}')({ param: { id }, json: b }),
  deleteBanner: (id: number) => adminCall('delete', '/admin/banners/{id}')({ param: { id } }),
  uploadImage: (file: Blob, name: string) => adminUpload('/admin/content/images')(file, name),
  bannerDrafts: {
    one: (id: number | string) => adminCall('get', '/admin/banners/{id}')({ param: { id } }),
    save: (id: number | string, body: Partial<BannerDraft>) =>
      adminCall('put', '/admin/banners/{id}/draft')({ param: { id }, json: body }),
    publish: (id: number | string) => adminCall('post', '/admin/banners/{id}/publish')({ param: { id } }),
    discard: (id: number | string) => adminCall('delete', '/admin/banners/{id}/draft')({ param: { id } }),
    create: (b: AdminBody<'post', '/admin/banners/drafts'>) =>
      adminCall('post', '/admin/banners/drafts')({ json: b }),
  },
  faq: () => adminCall('get', '/admin/faq')(),
  addFaq: (f: AdminBody<'post', '/admin/faq'>) => adminCall('post', '/admin/faq')({ json: f }),
  editFaq: (id: number, f: AdminBody<'put', '/admin/faq/{id}'>) =>
    adminCall('put', '/admin/faq/{id}')({ param: { id }, json: f }),
  deleteFaq: (id: number) => adminCall('delete', '/admin/faq/{id}')({ param: { id } }),
  faqDrafts: {
    one: (id: number | string) => adminCall('get', '/admin/faq/{id}')({ param: { id } }),
    save: (id: number | string, body: Partial<FaqDraft>) =>
      adminCall('put', '/admin/faq/{id}/draft')({ param: { id }, json: body }),
    publish: (id: number | string) => adminCall('post', '/admin/faq/{id}/publish')({ param: { id } }),
    discard: (id: number | string) => adminCall('delete', '/admin/faq/{id}/draft')({ param: { id } }),
    create: (f: AdminBody<'post', '/admin/faq/drafts'>) =>
      adminCall('post', '/admin/faq/drafts')({ json: f }),
  },
  texts: () => adminCall('get', '/admin/texts')(),
  textDrafts: {
    one: (key: number | string) => adminCall('get', '/admin/texts/{key}')({ param: { key } }),
    save: (key: number | string, body: { value: string }) =>
      adminCall('put', '/admin/texts/{key}/draft')({ param: { key }, json: body }),
    publish: (key: number | string) => adminCall('post', '/admin/texts/{key}/publish')({ param: { key } }),
    discard: (key: number | string) => adminCall('delete', '/admin/texts/{key}/draft')({ param: { key } }),
  },
  editText: (key: string, value: string) =>
    adminCall('put', '/admin/texts/{key}')({ param: { key }, json: { value } }),
  dictionary: (key: string) => adminCall('get', '/admin/dictionaries')({ query: { key } }),
  // The key comes from the screen's URL; the server refuses one it does not know (请选择字典).
  addEntry: (e: { key: string; title: string; sort: number }) =>
    adminCall('post', '/admin/dictionaries')({ json: { ...e, key: e.key as ClassifyKeyName } }),
  editEntry: (id: number, e: { title?: string; sort?: number }) =>
    adminCall('put', '/admin/dictionaries/{id}')({ param: { id }, json: e }),
  deleteEntry: (id: number) => adminCall('delete', '/admin/dictionaries/{id}')({ param: { id } }),
  company: () => adminCall('get', '/admin/site/company')(),
  saveCompany: (f: CompanyFacts) => adminCall('put', '/admin/site/company')({ json: f }),
  buildStatus: () => adminCall('get', '/admin/site/build-status')(),
  /** After a failed build: build again now instead of at nextRetryAt. */
  retryBuild: () => adminCall('post', '/admin/site/build-retry')(),
}
