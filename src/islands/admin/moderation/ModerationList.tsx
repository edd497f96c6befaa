import type { RowData } from '@tanstack/react-table'
import { useList } from '../kit/ListScreen.tsx'
import type { ListDeclaration } from '../kit/list-types.ts'
import { ModerationTabs, type ReasonAsk, useReasonDialog } from './parts.tsx'

/**
 * A moderation list (content, comments, reviews): its tab, the list, and the reason dialog its
 * row actions open (the list reloads after each).
 *   <ModerationList tab="/admin/moderation/reviews/" declare={(ask) => ({ …, rowActions: … })} />
 */
export function ModerationList<Row extends RowData>({
  tab,
  declare,
}: {
  tab: Parameters<typeof ModerationTabs>[0]['current']
  declare: (ask: (r: ReasonAsk) => void) => ListDeclaration<Row>
}) {
  const [dialog, ask] = useReasonDialog(() => list.reload())
  const list = useList(declare(ask))
  return (
    <>
      <ModerationTabs current={tab} />
      {list.view}
      {dialog}
    </>
  )
}
