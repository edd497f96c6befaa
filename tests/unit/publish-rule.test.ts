import { describe, expect, it } from 'vitest'
import { checkPublish, durationInput, mayCreateCourse } from '../../src/lib/rules/publish.ts'

describe('the duration input (accounts §5)', () => {
  it('keeps only digits of a duration, at most 8', () => {
    expect([durationInput('12a3'), durationInput('1234567890')]).toEqual(['123', '12345678'])
  })
})

describe('the publish rule', () => {
  const task = {
    status: 20,
    title: '跟台',
    imgurl: '/uploads/u/202611/a.png',
    classId: 3,
    free: 2,
    price: '99',
    city: '北京',
    postName: '王',
    tel: '13900001111',
    addressx: '朝阳',
    content: '<p>x</p>',
  }

  it('sets a free item’s price to 0 and keeps contact fields only for tasks', () => {
    const r = checkPublish(task, { isNew: true, gate: false })
    expect(r.value).toMatchObject({ priceFen: 0, city: '北京', postName: '王' })
    const post = checkPublish({ ...task, status: 10 }, { isNew: true, gate: false })
    expect(post.value).toMatchObject({ city: '', postName: '', tel: '', addressx: '' })
  })

  it('gates only a new course, before every other check', () => {
    const course = { status: 30 }
    expect(checkPublish(course, { isNew: true, gate: false }).error).toBe('请先进行账号认证')
    expect(checkPublish(course, { isNew: false, gate: false }).error).toBe('请填写课程标题')
    expect(checkPublish(course, { isNew: true, gate: true }).error).toBe('请填写课程标题')
  })

  it('names the field of a section it refuses', () => {
    const r = checkPublish(
      {
        ...task,
        status: 30,
        free: 1,
        price: '10',
        list: [{ title: '一', imgurl: '/uploads/a.mp4', status: 1 }],
      },
      { isNew: true, gate: true },
    )
    expect([r.field, r.error]).toEqual(['list.0.price', '请填写课程价格'])
  })

  it('answers who may create a course', () => {
    expect([
      mayCreateCourse({ level: 20, status: 0 }),
      mayCreateCourse({ level: 10, status: 3 }),
      mayCreateCourse({ level: 10, status: 2 }),
      mayCreateCourse({ level: 0, status: 0 }),
    ]).toEqual([true, true, false, false])
  })
})
