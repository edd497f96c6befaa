/** The dictionary of /api/Classify/GetClassifyQuerys: groups by key, each a list of entries. */
export type Dictionary = { key: string; list: { id: number; title: string }[] }[]

/**
 * The paid task a demo doctor publishes to time an edit going live (scripts/edit-to-live.ts and
 * tests/e2e/rebuild.spec.ts): in the dictionary's first task class and city, with `cover` (a
 * picture the site already has) and `content`, the body of PostArticleAppend.
 */
export function demoTask(
  title: string,
  cover: string | undefined,
  dict: Dictionary,
  content = `<p>${title}</p>`,
) {
  const first = (key: string) => dict.find((g) => g.key === key)?.list[0]
  return {
    status: 20,
    title,
    imgurl: cover,
    classId: first('taskClass')?.id,
    free: 1,
    price: '300',
    tag: '',
    city: first('cityTag')?.title,
    postName: '王医生',
    tel: '13900001111',
    addressx: '朝阳区建国路1号',
    content,
  }
}
