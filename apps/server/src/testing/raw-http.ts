import { connect } from 'node:net'

export interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
  /** Milliseconds from connecting to the server closing the connection (or the answer being complete). */
  ms: number
}

/**
 * Sends exact bytes to a listening server and reads one HTTP/1.1 answer (Content-Length bodies), for tests
 * of what the HTTP parser sees: malformed requests, h2c upgrade offers, bodies that never finish.
 * `chunks` are written one after another, `gapMs` apart; the answer is read until the server closes the
 * connection or the answer is complete.
 */
export const rawRequest = (port: number, chunks: (string | Buffer)[], opts: { gapMs?: number; timeoutMs?: number } = {}) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const started = Date.now()
    const socket = connect(port, '127.0.0.1')
    let data = Buffer.alloc(0)
    let settled = false
    const finish = () => {
      if (settled) return
      const text = data.toString('utf8')
      const split = text.indexOf('\r\n\r\n')
      if (split < 0) {
        settled = true
        socket.destroy()
        reject(new Error(`no HTTP answer (got ${JSON.stringify(text.slice(0, 200))})`))
        return
      }
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n')
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]))
      const body = text.slice(split + 4)
      const length = Number(headers['content-length'] ?? NaN)
      if (Number.isFinite(length) && Buffer.byteLength(body) < length) return
      settled = true
      socket.destroy()
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, ms: Date.now() - started })
    }
    const timer = setTimeout(() => {
      if (!settled) {
        settled = true
        socket.destroy()
        reject(new Error(`no answer within ${opts.timeoutMs ?? 10_000} ms`))
      }
    }, opts.timeoutMs ?? 10_000)
    socket.on('data', (d: Buffer) => {
      data = Buffer.concat([data, d])
      if (data.includes('\r\n\r\n')) finish()
    })
    socket.on('close', () => {
      clearTimeout(timer)
      finish()
    })
    socket.on('error', () => {})
    socket.on('connect', async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0 && opts.gapMs) await new Promise((r) => setTimeout(r, opts.gapMs))
        if (socket.destroyed) return
        socket.write(chunk)
      }
    })
  })
