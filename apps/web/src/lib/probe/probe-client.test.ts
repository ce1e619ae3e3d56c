import { decodeProbeMessage, encodeProbeMessage } from '@dropwise/schemas/probe'
import { describe, expect, it } from 'vitest'
import { backoffDelay, createProbeClient, SOCKET_OPEN, type SocketLike } from './probe-client'
import { currentUid, parseProbeSettings, probeAllowed, browserDoNotTrack, PROBE_UID_TTL_MS, randomUid } from './probe-settings'
import { probeUrl } from './probe-runtime'
import { probeLanguage } from './probe'

class FakeSocket implements SocketLike {
  binaryType = 'blob'
  readyState = 0
  sent: Uint8Array[] = []
  closedWith: number | undefined
  onopen: ((ev: unknown) => void) | null = null
  onclose: ((ev: { code: number }) => void) | null = null
  onerror: ((ev: unknown) => void) | null = null
  onmessage: ((ev: { data: unknown }) => void) | null = null
  constructor(readonly attempt: number) {}
  send(data: Uint8Array) {
    if (this.readyState !== SOCKET_OPEN) throw new Error('not open')
    this.sent.push(data)
  }
  close(code?: number) {
    this.closedWith = code
    this.readyState = 3
  }
  serverOpens() {
    this.readyState = SOCKET_OPEN
    this.onopen?.({})
  }
  serverCloses(code: number) {
    this.readyState = 3
    this.onerror?.({})
    this.onclose?.({ code })
  }
}

/** A hand-driven scheduler: nothing runs until the test says so. */
const harness = () => {
  const sockets: FakeSocket[] = []
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = []
  const client = createProbeClient({
    connect: (attempt) => {
      const s = new FakeSocket(attempt)
      sockets.push(s)
      return s
    },
    schedule: (fn, ms) => {
      const t = { fn, ms, cancelled: false }
      timers.push(t)
      return t
    },
    cancel: (h) => void ((h as { cancelled: boolean }).cancelled = true),
    maxBuffered: 5,
  })
  const runNextTimer = () => {
    const t = timers.find((x) => !x.cancelled && x.ms >= 0)
    if (!t) throw new Error('no timer')
    timers.splice(timers.indexOf(t), 1)
    t.fn()
    return t.ms
  }
  return { client, sockets, timers, runNextTimer, last: () => sockets[sockets.length - 1]! }
}
const msg = (n: number) => new Uint8Array([n])

describe('probe client', () => {
  it('backs off from 1000 ms, doubling up to 16 s', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((a) => backoffDelay(a))).toEqual([1000, 2000, 4000, 8000, 16000, 16000, 16000])
  })

  it('buffers while connecting and flushes the whole buffer in order on open', () => {
    const h = harness()
    for (const n of [1, 2, 3, 4]) h.client.send(msg(n))
    expect(h.client.buffered).toBe(4)
    h.last().serverOpens()
    expect(h.last().sent.map((b) => b[0])).toEqual([1, 2, 3, 4])
    expect(h.client.buffered).toBe(0)
    h.client.send(msg(5))
    expect(h.last().sent.map((b) => b[0])).toEqual([1, 2, 3, 4, 5])
    expect(h.last().binaryType).toBe('arraybuffer')
  })

  it('keeps only the newest messages beyond the cap', () => {
    const h = harness()
    for (let n = 1; n <= 8; n++) h.client.send(msg(n))
    h.last().serverOpens()
    expect(h.last().sent.map((b) => b[0])).toEqual([4, 5, 6, 7, 8])
  })

  it('reconnects after an abnormal close with growing delays, resets after an open, and resends what was buffered', () => {
    const h = harness()
    h.last().serverOpens()
    h.last().serverCloses(1006)
    expect(h.client.state).toBe('waiting')
    h.client.send(msg(7))
    expect(h.runNextTimer()).toBe(1000)
    expect(h.last().attempt).toBe(1)
    h.last().serverCloses(1006)
    expect(h.runNextTimer()).toBe(2000)
    h.last().serverCloses(1011)
    expect(h.runNextTimer()).toBe(4000)
    expect(h.sockets).toHaveLength(4)
    h.last().serverOpens()
    expect(h.last().sent.map((b) => b[0])).toEqual([7])
    // A successful open resets the backoff.
    h.last().serverCloses(1006)
    expect(h.runNextTimer()).toBe(1000)
  })

  it.each([1000, 1001, 1005])('does not reconnect after close code %i', (code) => {
    const h = harness()
    h.last().serverOpens()
    h.last().serverCloses(code)
    expect(h.client.state).toBe('closed')
    expect(h.timers).toHaveLength(0)
    h.client.send(msg(1))
    expect(h.client.buffered).toBe(0)
  })

  it('close() ends it with code 1000, cancels a pending reconnect and drops the buffer', () => {
    const h = harness()
    h.last().serverCloses(1006)
    h.client.send(msg(1))
    h.client.close()
    expect(h.timers[0]?.cancelled).toBe(true)
    expect(h.client.buffered).toBe(0)
    const h2 = harness()
    h2.last().serverOpens()
    h2.client.close()
    expect(h2.last().closedWith).toBe(1000)
    expect(h2.client.state).toBe('closed')
  })

  it('sends protobuf messages the server can decode', () => {
    const h = harness()
    h.last().serverOpens()
    h.client.send(encodeProbeMessage({ type: 'NAVIGATED', language: probeLanguage('ja'), path: '/search' }))
    expect(decodeProbeMessage(h.last().sent[0]!)).toEqual({ type: 'NAVIGATED', language: 'JA_JP', path: '/search' })
  })
})

describe('probe settings', () => {
  it('maps locales to probe languages (seaborn variants are OTHER)', () => {
    expect(['zh', 'en', 'ja', 'ko', 'zh-x-seaborn', undefined].map(probeLanguage)).toEqual(['ZH_CN', 'EN_US', 'JA_JP', 'KO_KR', 'OTHER', 'OTHER'])
  })

  it('respects the switch and Do Not Track', () => {
    const on = parseProbeSettings({})
    expect(on.enabled).toBe(true)
    expect(probeAllowed(on, false)).toBe(true)
    expect(probeAllowed(on, true)).toBe(false)
    expect(probeAllowed({ ...on, enabled: false }, false)).toBe(false)
    expect(browserDoNotTrack({ doNotTrack: '1' })).toBe(true)
    expect(browserDoNotTrack({ doNotTrack: '0' })).toBe(false)
    expect(browserDoNotTrack({ doNotTrack: null }, { doNotTrack: 'yes' })).toBe(true)
    expect(browserDoNotTrack(undefined)).toBe(false)
  })

  it('keeps a uid for three days, then makes a new one of 32 alphanumerics', () => {
    const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i * 7)
    const uid = randomUid(bytes)
    expect(uid).toMatch(/^[A-Za-z0-9]{32}$/)
    const stored = { u: 1_000, c: uid }
    expect(currentUid(stored, 1_000 + PROBE_UID_TTL_MS - 1, bytes)).toEqual({ uid: stored, fresh: false })
    const later = currentUid(stored, 1_000 + PROBE_UID_TTL_MS, () => new Uint8Array(32))
    expect(later.fresh).toBe(true)
    expect(later.uid).toEqual({ u: 1_000 + PROBE_UID_TTL_MS, c: 'A'.repeat(32) })
    expect(currentUid(null, 5, bytes).fresh).toBe(true)
    expect(parseProbeSettings({ uid: { u: 1, c: 'short' } }).uid).toBeNull()
  })

  it('builds the websocket address on the API host', () => {
    const opts = { apiBase: '/PenguinStats/api/v2', version: '1.2.3', uid: 'u'.repeat(32), path: () => '/result/item' }
    expect(probeUrl(opts, 0, 'https://dropwise.example/x')).toBe(`wss://dropwise.example/api/probe?v=1.2.3&p=web&u=${'u'.repeat(32)}&r=%2Fresult%2Fitem`)
    expect(probeUrl({ ...opts, apiBase: 'http://api.example:8080/PenguinStats/api/v2' }, 3, 'https://dropwise.example/')).toBe(
      `ws://api.example:8080/api/probe?v=1.2.3&p=web&u=${'u'.repeat(32)}&r=%2Fresult%2Fitem&i=3`,
    )
  })
})
