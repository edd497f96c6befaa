/**
 * A client in a process of its own (so the test's memory is the server's alone) that sends an
 * upload chunked as it is made: `sizeMb` MB of an mp4-looking file, 64 KB at a time. With
 * `pauseMb` it stops after that much, prints PAUSED and waits for a line on stdin. Prints the
 * answer as one JSON line: {"http":200,"body":{…}}.
 *   node tests/api/stream-upload.ts <url> <sign> <Authorization> <sizeMb> [pauseMb]
 */
export {}

const [url = '', sign = '', auth = '', sizeMb = '1', pauseMb] = process.argv.slice(2)
const MB = 1024 * 1024
const size = Number(sizeMb) * MB
const pauseAt = pauseMb === undefined ? Number.POSITIVE_INFINITY : Number(pauseMb) * MB
const boundary = `----stream${Date.now()}`
const head = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
)
const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
// An ftyp box first (the server tells an mp4 by it), made unique so no earlier run has the file.
const first = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from(`ftypisom${Date.now()}${Math.random()}`),
])

let resume = () => {}
const resumed = new Promise<void>((r) => {
  resume = r
})
process.stdin.once('data', () => resume())

let sent = 0
let paused = false
const body = new ReadableStream<Uint8Array>({
  async pull(ctrl) {
    if (sent === 0) {
      ctrl.enqueue(Buffer.concat([head, first]))
      sent = first.length
      return
    }
    if (!paused && sent >= pauseAt) {
      paused = true
      console.log('PAUSED')
      await resumed
    }
    if (sent >= size) {
      ctrl.enqueue(tail)
      ctrl.close()
      return
    }
    const n = Math.min(64 * 1024, size - sent)
    ctrl.enqueue(new Uint8Array(n).fill(sent % 251))
    sent += n
  },
})

try {
  const res = await fetch(url, {
    method: 'POST',
    headers: { sign, Authorization: auth, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit)
  console.log(JSON.stringify({ http: res.status, body: await res.json() }))
} catch (e) {
  // The server may answer 413 and close while the body is still going out.
  console.log(JSON.stringify({ http: 0, body: String(e) }))
}
process.exit(0)
