import { describe, expect, it } from 'vitest'
import {
  averageOf,
  checkAddition,
  checkReview,
  reviewerName,
  summaryLine,
} from '../../src/lib/rules/review.ts'

const good = {
  orderId: 3,
  spuId: 7,
  stars: 4,
  content: ' 很好用 ',
  imgs: '/uploads/u/ab/a.png, /uploads/u/ab/b.png',
}

describe('checkReview', () => {
  it('answers the cleaned review', () => {
    expect(checkReview(good)).toEqual({
      error: null,
      field: null,
      value: {
        orderId: 3,
        spuId: 7,
        stars: 4,
        content: '很好用',
        images: ['/uploads/u/ab/a.png', '/uploads/u/ab/b.png'],
      },
    })
    // Stars may come as text (a form field).
    expect(checkReview({ ...good, stars: '5' }).value?.stars).toBe(5)
  })

  it('refuses in the dialog’s order with the spec’s messages', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, orderId: 'x' }, 'orderId', '请提供订单编号'],
      [{ ...good, spuId: 0 }, 'spuId', '请提供商品编号'],
      [{ ...good, stars: 0 }, 'stars', '请选择评分'],
      [{ ...good, stars: 6 }, 'stars', '请选择评分'],
      [{ ...good, stars: 4.5 }, 'stars', '请选择评分'],
      [{ ...good, stars: 0, content: '' }, 'stars', '请选择评分'],
      [{ ...good, content: '  ' }, 'content', '请填写评价内容'],
      [{ ...good, content: '好'.repeat(501) }, 'content', '评价内容不能超过500个字'],
      [
        { ...good, imgs: Array.from({ length: 7 }, (_, i) => `/uploads/u/ab/${i}.png`).join(',') },
        'imgs',
        '最多上传6张图片',
      ],
      [{ ...good, imgs: '../../etc/passwd' }, 'imgs', '图片地址不正确'],
    ]
    for (const [input, field, error] of cases)
      expect(checkReview(input)).toMatchObject({ field, error, value: null })
    // 500 characters as a person counts them, emoji included, are allowed.
    expect(checkReview({ ...good, content: '😀'.repeat(500) }).error).toBeNull()
    expect(
      checkReview({ ...good, imgs: Array.from({ length: 6 }, (_, i) => `/uploads/u/ab/${i}.png`) }).error,
    ).toBeNull()
  })
})

describe('checkAddition', () => {
  it('needs the review id, then the same text and image limits', () => {
    expect(checkAddition({ id: 9, content: '追加' })).toMatchObject({
      value: { id: 9, content: '追加', images: [] },
    })
    expect(checkAddition({ content: '追加' }).error).toBe('请提供评价编号')
    expect(checkAddition({ id: 9, content: '' }).error).toBe('请填写评价内容')
  })
})

describe('the figures shown', () => {
  it('masks names, rounds the average half up to one decimal, and says the summary', () => {
    expect(reviewerName('用户1234')).toBe('用***4')
    expect(reviewerName('张三')).toBe('张***')
    expect(reviewerName('  ')).toBe('匿名用户')
    expect(averageOf(13, 3)).toBe(4.3)
    expect(averageOf(89, 20)).toBe(4.5)
    expect(averageOf(0, 0)).toBe(0)
    expect(summaryLine({ average: 4.8, count: 12 })).toBe('4.8分 · 12条评价')
    expect(summaryLine({ average: 5, count: 1 })).toBe('5.0分 · 1条评价')
    expect(summaryLine({ average: 0, count: 0 })).toBe('暂无评价')
  })
})
