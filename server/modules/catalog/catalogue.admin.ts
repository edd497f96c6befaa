import { actorOf } from '../../admin/admin-route.ts'
import { ok, router } from '../../contract/index.ts'
import { logSms } from '../../providers/sms.ts'
import * as routes from './catalogue.admin-routes.ts'
import { catalogueCsv, catalogueRows, catalogueXlsx } from './catalogue-file.ts'
import { applyImport, IMPORT_REASON_DEFAULT, previewImport } from './catalogue-import.ts'
import { sendStockAlertTexts } from './stock-alerts.ts'
import { stockHistory } from './stock-history.ts'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The catalogue file (export, import) and a SKU's stock history (issue 40). */
export const catalogueAdmin = router()
  .openapi(routes.getCatalogueExport, async (c) => {
    const { db, now } = c.get('deps')
    const format = c.req.valid('query').format ?? 'csv'
    const rows = await catalogueRows(db)
    const day = now().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' }).replace(/-/g, '')
    const headers = {
      'Content-Disposition': `attachment; filename="products-${day}.${format}"`,
      'Cache-Control': 'no-store',
    }
    if (format === 'xlsx')
      return c.body(await catalogueXlsx(rows), 200, { ...headers, 'Content-Type': XLSX_TYPE }) as never
    return c.body(catalogueCsv(rows), 200, { ...headers, 'Content-Type': 'text/csv; charset=utf-8' }) as never
  })
  .openapi(routes.postCatalogueImport, async (c) => {
    const { db, config, now, sms } = c.get('deps')
    const { format, file, apply, reason } = c.req.valid('json')
    if (!apply) return ok(c, await previewImport(db, file, format))
    const { restocked, ...answer } = await applyImport(
      db,
      config,
      actorOf(c),
      file,
      format,
      reason || IMPORT_REASON_DEFAULT,
      now(),
    )
    // Committed: the 到货通知 SMS of the SKUs whose stock rose, as a single adjustment sends them.
    if (restocked.length) await sendStockAlertTexts(db, sms ?? logSms, { skuIds: restocked })
    return ok(c, answer)
  })
  .openapi(routes.getStockHistory, async (c) =>
    ok(c, await stockHistory(c.get('deps').db, c.req.valid('param').skuId)),
  )
