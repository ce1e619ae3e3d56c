import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../../testing/raw-http'
import { DEFECT_ENVIRONMENT } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

const V2 = '/PenguinStats/api/v2'
const KB = 1024
/** Images as far as their first bytes go (what the server sniffs), padded to `size`. */
const image = (magic: number[] | string, size = 64) => {
  const head = typeof magic === 'string' ? Buffer.from(magic, 'latin1') : Buffer.from(magic)
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)])
}
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG = [0xff, 0xd8, 0xff, 0xe0]
const WEBP = 'RIFF\x10\x00\x00\x00WEBPVP8 '
const HEIC = '\x00\x00\x00\x18ftypheic\x00\x00\x00\x00'

describe.each(dbTargets())('defect uploads are checked and bounded on $name', (target) => {
  const now = { value: Date.UTC(2026, 0, 1) }
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target, {
      clock: () => now.value,
      app: { defectLimits: { bytesPerHour: 200 * KB, bytesPerDay: 300 * KB, totalBytes: 1000 * KB, retentionMs: 24 * 3600_000 } },
    })
  })
  afterAll(async () => ctx?.close())

  let nextAddress = 1
  /** A fresh client address for each use, so the per-address budgets of one case do not touch another's. */
  const freshAddress = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`
  const init = async (remoteAddress: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${V2}/recognition/defects/report/init`,
      remoteAddress,
      payload: { recognitionResult: { stage: 'main_01-07' }, environment: DEFECT_ENVIRONMENT },
    })
    return res
  }
  /** init, then the raw-body upload of `body` declared as `type`; the upload's answer (or init's refusal). */
  const report = async (remoteAddress: string, body: Buffer, type: string) => {
    const started = await init(remoteAddress)
    if (started.statusCode !== 200) return started
    const { uploadParams } = started.json() as { uploadParams: { url: string; authorization: string } }
    return ctx.app.inject({
      method: 'POST',
      url: uploadParams.url,
      remoteAddress,
      headers: { authorization: uploadParams.authorization, 'content-type': type },
      payload: body,
    })
  }

  it('stores JPEG, PNG, WebP and HEIF whose bytes are what they declare, and nothing else', async () => {
    const address = freshAddress()
    for (const [magic, type] of [
      [JPEG, 'image/jpeg'],
      [PNG, 'image/png'],
      [WEBP, 'image/webp'],
      [HEIC, 'image/heic'],
      [HEIC, 'image/heif'],
    ] as const) {
      expect((await report(address, image(magic), type)).statusCode, type).toBe(200)
    }
    for (const [body, type, message] of [
      [image(PNG), 'image/jpeg', /bytes are a PNG image, not image\/jpeg/],
      [image(JPEG), 'image/png', /bytes are a JPEG image, not image\/png/],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png', /no JPEG, PNG, WebP or HEIF image/],
      [Buffer.from('#!/bin/sh\nrm -rf /\n'), 'image/jpeg', /no JPEG, PNG, WebP or HEIF image/],
      [image('\x00\x00\x00\x18ftypisom'), 'image/heif', /no JPEG, PNG, WebP or HEIF image/],
    ] as const) {
      const res = await report(address, body, type)
      expect(res.statusCode, type).toBe(400)
      expect(res.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringMatching(message) })
    }
  })

  it('a declared size past the limit is refused before the body is read (413)', async () => {
    const { defectId, uploadParams } = (await init(freshAddress())).json() as { defectId: string; uploadParams: { authorization: string } }
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = ctx.app.server.address() as AddressInfo
    const path = `${V2}/recognition/defects/report/upload/${defectId}`
    // 1 GB announced, 10 bytes sent: the answer comes at once, without waiting for the rest.
    const headers = `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: ${uploadParams.authorization}\r\nContent-Type: image/png\r\nContent-Length: 1000000000\r\n\r\n`
    const answer = await rawRequest(port, [headers, Buffer.alloc(10)], { timeoutMs: 5000 })
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/at most 20 MB/) })
    const big = await ctx.app.inject({
      method: 'POST',
      url: `${V2}/recognition/defects/report/init`,
      payload: { recognitionResult: 'x'.repeat(300 * KB), environment: DEFECT_ENVIRONMENT },
    })
    expect(big.statusCode).toBe(413)
    expect(big.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/at most 256 KB/) })
  })

  it('an address past its bytes for the hour gets 429 with Retry-After; another address still goes through', async () => {
    const flooder = freshAddress()
    const outcomes: number[] = []
    let refused = null
    for (let i = 0; i < 10 && !refused; i++) {
      const res = await report(flooder, image(PNG, 60 * KB), 'image/png')
      outcomes.push(res.statusCode)
      if (res.statusCode !== 200) refused = res
    }
    // 200 KB an hour: three screenshots of 60 KB (and their reports) pass, the fourth does not.
    expect(outcomes).toEqual([200, 200, 200, 429])
    expect(refused?.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/at most 200 KB an hour/) })
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(3000)
    expect((await init(flooder)).statusCode).toBe(429)
    expect((await report(freshAddress(), image(JPEG, 60 * KB), 'image/jpeg')).statusCode).toBe(200)
  })

  it('once every stored byte together reaches the total, uploads get 429 until expired defects are purged', async () => {
    const statuses: number[] = []
    let full = null
    for (let i = 0; i < 40 && !full; i++) {
      const res = await report(freshAddress(), image(PNG, 90 * KB), 'image/png')
      statuses.push(res.statusCode)
      if (res.statusCode !== 200) full = res
    }
    expect(full?.statusCode).toBe(429)
    expect(full?.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/storage for them \(1000 KB\) is full/) })
    expect(full?.headers['retry-after']).toBe('3600')
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(3)
    // A day later everything above has expired: the purge gives its bytes back.
    now.value += 25 * 3600_000
    expect(await ctx.app.defects.purge()).toBeGreaterThan(4)
    expect((await report(freshAddress(), image(PNG, 90 * KB), 'image/png')).statusCode).toBe(200)
    const left = await ctx.db.kysely
      .selectFrom('recognition_defects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(left.n)).toBe(1)
  })
})

describe('the bytes an address may send in a day', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ name: 'pglite' }, { app: { defectLimits: { bytesPerHour: 10 * 1024 * KB, bytesPerDay: 200 * KB } } })
  })
  afterAll(async () => ctx?.close())

  it('hold even when the hour has room: 429 with Retry-After, and another address still goes through', async () => {
    const upload = async (remoteAddress: string) => {
      const started = await ctx.app.inject({
        method: 'POST',
        url: `${V2}/recognition/defects/report/init`,
        remoteAddress,
        payload: { recognitionResult: null, environment: DEFECT_ENVIRONMENT },
      })
      if (started.statusCode !== 200) return started
      const { uploadParams } = started.json() as { uploadParams: { url: string; authorization: string } }
      const headers = { authorization: uploadParams.authorization, 'content-type': 'image/png' }
      return ctx.app.inject({ method: 'POST', url: uploadParams.url, remoteAddress, headers, payload: image(PNG, 60 * KB) })
    }
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push(await upload('10.1.0.1'))
    expect(statuses.map((r) => r.statusCode)).toEqual([200, 200, 200, 429])
    expect(statuses[3]?.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/at most 200 KB a day/) })
    expect(Number(statuses[3]?.headers['retry-after'])).toBeGreaterThan(80_000)
    expect((await upload('10.1.0.2')).statusCode).toBe(200)
  })
})
