import type { Address, SpuDetail } from '../../../src/lib/api/types.ts'
import { PRODUCT_LIKE_STATUS } from '../../../src/lib/constants.ts'
import { type Group, show } from '../runner.ts'
import { API, DISTRICT, type Facts, type Favourite, NO_ACCOUNT } from './calls.ts'

export async function roundTrips(g: Group, facts: Facts) {
  const token = facts.token
  const why = !token
    ? (facts.loginFailed ?? NO_ACCOUNT)
    : g.run.opts.writes === false
      ? 'turned off (--no-writes)'
      : ''
  if (why) {
    for (const call of [API.addAddress, API.updateAddress, API.deleteAddress, API.like, API.unlike])
      g.skip(call, 'round trip', why)
    return
  }
  await addressTrip(g, token!, facts)
  await favouriteTrip(g, token!, facts)
}

export async function addressTrip(g: Group, token: string, facts: Facts) {
  const street = facts.streets?.[0]?.title
  if (!street) {
    g.skip(
      API.addAddress,
      'round trip',
      `needs a street of ${DISTRICT.area} (Region/GetRegionQueryTitle failed)`,
    )
    return
  }
  const detail = `一致性检查的临时地址 ${Date.now()}`
  const form = {
    name: '一致性检查',
    tel: '13900000000',
    province: DISTRICT.province,
    city: DISTRICT.city,
    area: DISTRICT.area,
    street,
    addressDetail: detail,
    status: 0,
  }
  const added = await g.read(API.addAddress, 'round trip: a new address', { body: form, token })
  if (added === undefined) return
  let id: number | undefined
  await g.read<Address[]>(API.addresses, '(no parameters) (after adding)', { token }, (l) => {
    id = l.find((a) => a.addressDetail === detail)?.id
    return id
      ? []
      : [{ field: 'data', value: `${l.length} addresses`, message: 'the address just added is not listed' }]
  })
  if (id === undefined) return
  await g.read<Address>(API.address, `id=${id} (the address just added)`, { query: { id }, token }, (a) =>
    (Object.keys(form) as (keyof typeof form)[])
      .filter((k) => a[k] !== form[k])
      .map((k) => ({ field: `data.${k}`, value: a[k], message: `expected ${show(form[k])}, as added` })),
  )
  const changed = { ...form, id, addressDetail: `${detail}（已修改）` }
  await g.read(API.updateAddress, `round trip: change ${id}`, { body: changed, token })
  await g.read<Address>(API.address, `id=${id} (the address just changed)`, { query: { id }, token }, (a) =>
    a.addressDetail === changed.addressDetail
      ? []
      : [
          {
            field: 'data.addressDetail',
            value: a.addressDetail,
            message: `expected ${show(changed.addressDetail)}, as changed`,
          },
        ],
  )
  await g.read(API.deleteAddress, `round trip: delete ${id}`, { body: String(id), token })
  await g.read<Address[]>(API.addresses, '(no parameters) (after deleting)', { token }, (l) => {
    const i = l.findIndex((a) => a.id === id)
    return i < 0 ? [] : [{ field: `data.${i}.id`, value: id, message: 'the deleted address is still listed' }]
  })
  await g.refused(API.address, `id=${id} (deleted) → 404`, { query: { id }, token }, 404, {
    field: 'query.id',
    value: id,
    why: 'a deleted address is gone',
  })
}

export async function favouriteTrip(g: Group, token: string, facts: Facts) {
  const product = facts.product
  if (!product) {
    g.skip(API.like, 'round trip', 'needs a listed product')
    return
  }
  const id = product.id
  const state = async (liked: 0 | 1, step: string) => {
    await g.read<SpuDetail>(API.product, `id=${id} (${step})`, { query: { id }, token }, (d) =>
      d.isLike === liked
        ? []
        : [{ field: 'data.isLike', value: d.isLike, message: `expected ${liked} ${step}` }],
    )
    await g.read<Favourite[]>(
      API.likes,
      `status=${PRODUCT_LIKE_STATUS} (${step})`,
      { query: { status: PRODUCT_LIKE_STATUS }, token },
      (l) =>
        l.some((f) => f.tagId === id) === (liked === 1)
          ? []
          : [
              {
                field: 'data',
                value: `${l.length} favourites`,
                message: `product ${id} ${liked ? 'missing' : 'still there'} ${step}`,
              },
            ],
    )
  }
  const before = await g.read<SpuDetail>(API.product, `id=${id} (before the round trip)`, {
    query: { id },
    token,
  })
  if (!before) return
  const like = () =>
    g.read(API.like, `round trip: favourite product ${id}`, {
      body: { tagId: id, status: PRODUCT_LIKE_STATUS },
      token,
    })
  const unlike = () =>
    g.read(API.unlike, `id=${id}&status=${PRODUCT_LIKE_STATUS} (round trip)`, {
      query: { id, status: PRODUCT_LIKE_STATUS },
      token,
    })
  // Twice, so it ends as it began: liked → unliked → liked, or the other way.
  const steps = before.isLike === 1 ? [unlike, like] : [like, unlike]
  let liked = before.isLike
  for (const step of steps) {
    if ((await step()) === undefined) return
    liked = liked === 1 ? 0 : 1
    await state(liked, liked ? 'after adding' : 'after removing')
  }
}
