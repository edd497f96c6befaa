/**
 * The back office's site-content calls (issue 21): banners, FAQ, configuration texts and their
 * drafts, dictionaries, the company facts, and the site builder's status. Admin islands only
 * (src/islands/admin/).
 */
import type { AdminBanner, BannerDraft } from '../../../server/modules/site/banners.service.ts'
import type { AdminFaq, AdminText, FaqDraft } from '../../../server/modules/site/content.service.ts'
import type { CompanyFacts } from '../rules/company.ts'
import { adminHttp } from './admin.ts'

export type { AdminBanner, AdminFaq, AdminText, BannerDraft, CompanyFacts, FaqDraft }
export type DictEntry = { id: number; key: string; title: string; sort: number; usedBy: string }
export type BuildStatus = {
  last: { changeId: number; builtAt: string; seconds: number; kind: string } | null
  queued: { tags: string[]; count: number; upTo: number }
  building: { kind: string; since: string; tags: number } | null
  failures: number
  lastError: string | null
  nextRetryAt: string | null
}

const get = <T>(path: string, query?: Record<string, string>) => adminHttp().get<T>(path, query)
const send = async <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  (await adminHttp().fetch<{ data: T }>(path, { method, ...(body === undefined ? {} : { body }) })).data

/**
 * The draft calls of one kind of content under its path (`/api/admin/banners`): the item with its
 * draft, saving the draft, publishing it, discarding it. `key` is an id, or a text's key.
 */
const draftsOf = <T, Body>(base: string) => ({
  one: (key: number | string) => get<T>(`${base}/${key}`),
  save: (key: number | string, body: Body) => send<T>('PUT', `${base}/${key}/draft`, body),
  publish: (key: number | string) => send<T>('POST', `${base}/${key}/publish`),
  discard: (key: number | string) => send<T>('DELETE', `${base}/${key}/draft`),
})

export const contentApi = {
  banners: (position: string) => get<AdminBanner[]>('/api/admin/banners', position ? { position } : {}),
  addBanner: (b: Partial<AdminBanner>) => send<AdminBanner>('POST', '/api/admin/banners', b),
  editBanner: (id: number, b: Partial<AdminBanner>) =>
    send<AdminBanner>('PUT', `/api/admin/banners/${id}`, b),
  deleteBanner: (id: number) => send<{ id: number }>('DELETE', `/api/admin/banners/${id}`),
  async uploadImage(file: Blob, name: string): Promise<string> {
    const form = new FormData()
    form.append('file', file, name)
    return (await send<{ path: string }>('POST', '/api/admin/content/images', form)).path
  },
  bannerDrafts: {
    ...draftsOf<AdminBanner, Partial<BannerDraft>>('/api/admin/banners'),
    create: (b: Partial<BannerDraft> & { position: string }) =>
      send<AdminBanner>('POST', '/api/admin/banners/drafts', b),
  },
  faq: () => get<AdminFaq[]>('/api/admin/faq'),
  addFaq: (f: Partial<AdminFaq>) => send<AdminFaq>('POST', '/api/admin/faq', f),
  editFaq: (id: number, f: Partial<AdminFaq>) => send<AdminFaq>('PUT', `/api/admin/faq/${id}`, f),
  deleteFaq: (id: number) => send<{ id: number }>('DELETE', `/api/admin/faq/${id}`),
  faqDrafts: {
    ...draftsOf<AdminFaq, Partial<FaqDraft>>('/api/admin/faq'),
    create: (f: Partial<FaqDraft>) => send<AdminFaq>('POST', '/api/admin/faq/drafts', f),
  },
  texts: () => get<AdminText[]>('/api/admin/texts'),
  textDrafts: draftsOf<AdminText, { value: string }>('/api/admin/texts'),
  editText: (key: string, value: string) => send<AdminText>('PUT', `/api/admin/texts/${key}`, { value }),
  dictionary: (key: string) => get<DictEntry[]>('/api/admin/dictionaries', { key }),
  addEntry: (e: { key: string; title: string; sort: number }) =>
    send<DictEntry>('POST', '/api/admin/dictionaries', e),
  editEntry: (id: number, e: { title?: string; sort?: number }) =>
    send<DictEntry>('PUT', `/api/admin/dictionaries/${id}`, e),
  deleteEntry: (id: number) => send<{ id: number }>('DELETE', `/api/admin/dictionaries/${id}`),
  company: () => get<CompanyFacts>('/api/admin/site/company'),
  saveCompany: (f: CompanyFacts) => send<CompanyFacts>('PUT', '/api/admin/site/company', f),
  buildStatus: () => get<BuildStatus>('/api/admin/site/build-status'),
}
