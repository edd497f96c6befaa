/**
 * The columns the list screens kept declaring alike, declared once: the name that opens the row's
 * own page, an amount in yuan and a date and time. Each keeps the sort on its raw value; `more`
 * adds what one screen wants besides (a width, hidden until chosen).
 */
import type { ReactNode } from 'react'
import { formatDateTime, formatMoney } from '../../../lib/format.ts'
import type { Column } from './DataTable.tsx'

type More<Row> = Partial<Omit<Column<Row>, 'id' | 'header' | 'cell'>>

/** How a row's name links: `strong`, the screen's own rows; `quiet`, rows of a person or a sub-list. */
const LINK_LOOK = {
  strong: 'font-medium text-brand-700 underline',
  quiet: 'text-brand-700 hover:underline',
} as const

/** The row's name as the link to its own page. */
export function linkColumn<Row>(
  id: string,
  header: string,
  link: { href: (row: Row) => string; text: (row: Row) => ReactNode; look: keyof typeof LINK_LOOK },
  more: More<Row> = {},
): Column<Row> {
  return {
    id,
    header,
    cell: (row) => (
      <a className={LINK_LOOK[link.look]} href={link.href(row)}>
        {link.text(row)}
      </a>
    ),
    ...more,
  }
}

/** An amount in yuan, right-aligned in tabular figures and sorted by its number. */
export function moneyColumn<Row>(
  id: string,
  header: string,
  yuan: (row: Row) => number,
  more: More<Row> = {},
) {
  const column: Column<Row> = {
    id,
    header,
    cell: (row) => formatMoney(yuan(row)),
    sortValue: yuan,
    className: 'text-right tabular-nums',
  }
  return { ...column, ...more }
}

/** A date and time as the back office shows it ('' when it has none), sorted by its text. */
export function timeColumn<Row>(
  id: string,
  header: string,
  time: (row: Row) => string,
  more: More<Row> = {},
) {
  const column: Column<Row> = { id, header, cell: (row) => formatDateTime(time(row)), sortValue: time }
  return { ...column, ...more }
}

/**
 * A person in one cell: the name ('—' when there is none) and, small under it, the phone number
 * (`telTone`, the screen's shade of grey for such second lines).
 */
export function personColumn<Row>(
  id: string,
  header: string,
  person: (row: Row) => { name: string; tel: string },
  telTone: 'text-slate-500' | 'text-slate-600',
  more: More<Row> = {},
): Column<Row> {
  return {
    id,
    header,
    cell: (row) => {
      const { name, tel } = person(row)
      return (
        <>
          {name || '—'}
          <span className={`block text-xs ${telTone}`}>{tel}</span>
        </>
      )
    },
    ...more,
  }
}
