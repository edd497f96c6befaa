/**
 * The company facts marketing edits (issue 21, tab 公司信息 of /admin/content/): one `configs` row,
 * key `company`, JSON checked by src/lib/rules/company.ts. A save is one transaction with its
 * audit row and the `company` change mark: the facts are in every page's footer, so the mark must
 * be a site-wide one (site-builder.ts SITE_WIDE: a full build), and it empties the read cache of
 * GetUsersConfigs, whose `company` the build reads.
 */
import { type CompanyFacts, readCompany } from '../../../src/lib/rules/company.ts'
import { type Actor, audit } from '../../admin/audit.ts'
import { markChanged } from '../../changes.ts'
import type { Db } from '../../db/index.ts'
import { refuse } from '../../http.ts'
import { dbTime } from '../../time.ts'
import { type FileDirs, publicFileExists } from '../uploads/uploads.service.ts'

export const COMPANY_KEY = 'company'

const storedRow = (db: Db) =>
  db.selectFrom('configs').select('value').where('ckey', '=', COMPANY_KEY).executeTakeFirst()

/** The facts as they stand: the saved ones, or src/lib/site.ts's defaults before the first save. */
export async function companyFacts(db: Db): Promise<CompanyFacts> {
  return readCompany((await storedRow(db))?.value)
}

const QR_NAMES = { app: '下载APP', mp: '关注公众号' } as const

/** A new QR image must be a stored public upload (the tab's uploader puts it there). */
async function checkImages(dirs: FileDirs, next: CompanyFacts, before: CompanyFacts) {
  for (const k of ['app', 'mp'] as const) {
    const image = next.qr[k].image
    if (!image || image === before.qr[k].image) continue
    if (!(await publicFileExists(dirs, image))) throw refuse(`请重新上传${QR_NAMES[k]}二维码图片`)
  }
}

/**
 * Saves checked facts (checkCompany's value). Unchanged facts write nothing: no audit row, no
 * mark, no rebuild. The audit row keeps the changed parts (hotline, contacts …) before and after.
 */
export async function editCompany(
  db: Db,
  dirs: FileDirs,
  actor: Actor,
  facts: CompanyFacts,
  now: Date,
): Promise<CompanyFacts> {
  return db.transaction().execute(async (t) => {
    const row = await storedRow(t)
    const before = readCompany(row?.value)
    if (JSON.stringify(before) === JSON.stringify(facts)) return before
    await checkImages(dirs, facts, before)
    const value = JSON.stringify(facts)
    // The first save of two at once must not fail on the key: the later one simply wins.
    await t
      .insertInto('configs')
      .values({ ckey: COMPANY_KEY, value })
      .onConflict((oc) => oc.column('ckey').doUpdateSet({ value }))
      .execute()
    await audit(t, actor, now, {
      action: 'company.edit',
      target: `config:${COMPANY_KEY}`,
      before,
      after: facts,
    })
    await markChanged(t, ['company'], dbTime(now))
    return facts
  })
}
