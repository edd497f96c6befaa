/**
 * The instructor page's tabs (accounts §2): 课程 / 帖子 / 任务 with the Listing island limited
 * to this author, and 讲师介绍 (HTML, through RichText). The tab is kept in ?tab=, so
 * it survives a reload and the back button.
 */
import { useEffect, useState } from 'react'
import { RichText } from '../../components/RichText.tsx'
import type { ArticleCard, ClassifyGroup, Paged } from '../../lib/api/types.ts'
import { TabList, tabPanelProps } from '../common/TabList.tsx'
import { Listing } from '../listing/Listing.tsx'
import { withoutState } from '../listing/query.ts'

const TABS = [
  { id: 'course', label: '课程', kind: 30 },
  { id: 'post', label: '帖子', kind: 10 },
  { id: 'task', label: '任务', kind: 20 },
  { id: 'intro', label: '讲师介绍', kind: null },
] as const
type TabId = (typeof TABS)[number]['id']
const tabOf = (v: string | null): TabId => TABS.find((t) => t.id === v)?.id ?? 'course'

export interface TeacherTabsProps {
  teacherId: number
  /** The introduction as HTML. */
  intro: string
  classify?: ClassifyGroup[]
  /** The first page of the instructor's courses, rendered at build time. */
  initialCourses?: Paged<ArticleCard>
}

export function TeacherTabs({ teacherId, intro, classify, initialCourses }: TeacherTabsProps) {
  const [tab, setTab] = useState<TabId>('course')

  useEffect(() => {
    const read = () => setTab(tabOf(new URLSearchParams(location.search).get('tab')))
    read()
    addEventListener('popstate', read)
    return () => removeEventListener('popstate', read)
  }, [])

  const select = (t: TabId) => {
    // Another tab starts without the previous tab's filters.
    const p = new URLSearchParams(withoutState(location.search))
    if (t === 'course') p.delete('tab')
    else p.set('tab', t)
    const qs = p.toString()
    history.pushState(history.state, '', `${location.pathname}${qs ? `?${qs}` : ''}`)
    setTab(t)
  }

  const active = TABS.find((t) => t.id === tab) ?? TABS[0]
  const panel = tabPanelProps('teacher', tab)

  return (
    <div className="mt-4 md:mt-6">
      <TabList
        tabs={TABS.map(({ id, label }) => ({ id, label }))}
        active={tab}
        onSelect={select}
        label="讲师主页"
        idPrefix="teacher"
      />
      {/* The introduction stays in the HTML (hidden) so the page carries it for search engines. */}
      <div
        {...(active.kind === null ? panel : {})}
        hidden={active.kind !== null}
        className="mt-4 rounded-lg bg-white p-4 ring-1 ring-slate-200 md:p-6"
      >
        <RichText html={intro} empty={<p className="text-slate-500">这位讲师还没有填写介绍。</p>} />
      </div>
      {active.kind !== null && (
        <div {...panel} className="pt-4">
          <Listing
            key={active.id}
            kind={active.kind}
            classify={classify}
            createId={teacherId}
            initial={active.id === 'course' ? initialCourses : undefined}
            emptyText={`这位讲师还没有发布${active.label}`}
            label={`讲师的${active.label}`}
          />
        </div>
      )}
    </div>
  )
}
