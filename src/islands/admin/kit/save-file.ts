/** Saves a downloaded file under `name`: saveFile(await ordersApi.export(q), 'orders-20260501.csv'). */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Today in Beijing as 20260501, for a file's name. */
export const today = () =>
  new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' }).replace(/-/g, '')
