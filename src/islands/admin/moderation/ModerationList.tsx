import type { RowData } from '@tanstack/react-table'
import { useList } from '../kit/ListScreen.tsx'
import type { ListDeclaration } from '../kit/list-types.ts'
import { ModerationTabs, type ReasonAsk, useReasonDialog } from './parts.tsx'

/**
 * A moderation list (content, comments, reviews): its tab, the list, and the reason dialog its
 * row actions open (the list reloads after each). Every such list is searched with 查找 and keys
 * its rows by their id, so the declaration leaves both out.
 *   <ModerationList tab="/admin/moderation/reviews/" declare={(ask) => ({ …, rowActions: … })} />
 */
export function ModerationList<Row extends RowData & { id: number }>({
  tab,
  declare,
}: {
  tab: Parameters<typeof ModerationTabs>[0]['current']
  declare: (ask: (r: ReasonAsk) => void) => Omit<ListDeclaration<Row>, 'submit' | 'rowKey'>
}) {
  const [dialog, ask] = useReasonDialog(() => list.reload())
  const list = useList({ ...declare(ask), submit: '查找', rowKey: (r) => r.id })
  return (
    <>
      <ModerationTabs current={tab} />
      {list.view}
      {dialog}
    </>
  )
}
