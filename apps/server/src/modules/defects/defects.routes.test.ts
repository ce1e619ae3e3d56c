import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFECT_ENVIRONMENT } from '../../testing/reports'
import { createTestContext, dbTargets, SHARED_DATA_DIR, type TestContext } from '../../testing/test-app'

/** A valid 1×1 grey PNG, built here so the tests need no data files. */
const tinyPng = () => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0) // width
  header.writeUInt32BE(1, 4) // height
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(0, 9) // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x80]))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
const png = tinyPng()
// A real screenshot-like JPEG from the shared data set (never committed); the JPEG test skips without it.
const jpegPath = join(SHARED_DATA_DIR, 'recognition/resources/items/30032.jpg')
const jpeg = existsSync(jpegPath) ? readFileSync(jpegPath) : null

type FormEntry = [name: string, value: string | Blob, filename?: string]
/** The exact bytes and boundary header a browser's FormData produces (Node's fetch encodes it the same way). */
const encodeForm = async (entries: FormEntry[]) => {
  const form = new FormData()
  for (const [name, value, filename] of entries) {
    if (typeof value === 'string') form.set(name, value)
    else form.set(name, value, filename)
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' }
}

describe.each(dbTargets())('recognition defect reports on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  const initAt = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers, payload: { recognitionResult: { stage: 'main_01-07' }, environment: DEFECT_ENVIRONMENT } })
    expect(res.statusCode).toBe(200)
    return res.json() as { defectId: string; uploadParams: { url: string; authorization: string; policy: string } }
  }
  const init = () => initAt('/PenguinStats/api/v2/recognition/defects/report/init')
  const postForm = async (url: string, entries: FormEntry[], headers: Record<string, string> = {}) => {
    const { payload, contentType } = await encodeForm(entries)
    return ctx.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': contentType } })
  }
  const stored = (defectId: string) => ctx.db.kysely.selectFrom('recognition_defects').selectAll().where('defect_id', '=', defectId).executeTakeFirstOrThrow()

  it('hands out an absolute upload URL with the scheme, host and v2 prefix the client used', async () => {
    for (const prefix of ['/PenguinStats/api/v2', '/api/v2']) {
      const { defectId, uploadParams } = await initAt(`http://dropwise.example:8080${prefix}/recognition/defects/report/init`)
      expect(uploadParams.url).toBe(`http://dropwise.example:8080${prefix}/recognition/defects/report/upload/${defectId}`)
    }
    // Without trustProxy, forwarded headers are not believed.
    const { uploadParams } = await initAt('/api/v2/recognition/defects/report/init', {
      host: 'dropwise.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    })
    expect(uploadParams.url).toMatch(/^http:\/\/dropwise\.example\/api\/v2\//)
  })

  it('stores the screenshot posted as the multipart form of the public web client', async (test) => {
    if (!jpeg) return test.skip()
    const { defectId, uploadParams } = await init()
    const res = await postForm(
      uploadParams.url,
      [
        ['policy', uploadParams.policy],
        ['authorization', uploadParams.authorization],
        ['file', new File([jpeg], 'Screenshot_2022.10.22_14.29.46.665.jpg', { type: 'image/jpeg' })],
      ],
      // The client's interceptor adds its PenguinID to every defect URL when logged in: the form field decides.
      { authorization: 'PenguinID 12345678' },
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    const row = await stored(defectId)
    expect(Buffer.from(row.image as Uint8Array)).toEqual(jpeg)
    expect(row).toMatchObject({ image_type: 'image/jpeg', image_bytes: jpeg.length })
  })

  it('takes the fields after the file too, and refuses a wrong token or policy, a second upload and other types', async () => {
    const { defectId, uploadParams } = await init()
    const form = (fields: { policy?: string; authorization?: string }, file: Blob = new Blob([png], { type: 'image/png' })): FormEntry[] => [
      ['file', file, 'defect.png'],
      ...Object.entries(fields).map(([k, v]): FormEntry => [k, v]),
    ]
    const { policy, authorization } = uploadParams
    const refused = async (entries: FormEntry[], message: RegExp) => {
      const res = await postForm(uploadParams.url, entries)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringMatching(message) })
    }
    await refused(form({ policy, authorization: 'x'.repeat(authorization.length) }), /authorization does not match/)
    await refused(form({ policy }), /needs the fields policy and authorization/)
    await refused(form({ policy: Buffer.from('{"expiresAt":0}').toString('base64'), authorization }), /policy does not match/)
    await refused(form({ policy, authorization }, new Blob(['hello'], { type: 'text/plain' })), /JPEG, PNG, WebP or HEIF \(got text\/plain\)/)
    await refused(
      [
        ['policy', policy],
        ['authorization', authorization],
        ['file', png.toString('latin1')],
      ],
      /file part named file/,
    )

    const ok = await postForm(uploadParams.url, form({ policy, authorization }))
    expect(ok.statusCode).toBe(200)
    await refused(form({ policy, authorization }), /already uploaded/)
    const row = await stored(defectId)
    expect(Buffer.from(row.image as Uint8Array)).toEqual(png)
    expect(row).toMatchObject({ image_type: 'image/png', image_bytes: png.length })
  })

  it('refuses a file over 20 MB and malformed forms with {code, message}, never a 500', async () => {
    const { defectId, uploadParams } = await init()
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x41)
    const res = await postForm(uploadParams.url, [
      ['policy', uploadParams.policy],
      ['authorization', uploadParams.authorization],
      ['file', new Blob([big], { type: 'image/png' }), 'big.png'],
    ])
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/at most 20 MB/) })
    expect((await stored(defectId)).uploaded_at).toBeNull()

    const { payload, contentType } = await encodeForm([['policy', uploadParams.policy]])
    const broken = [
      { 'content-type': 'multipart/form-data' }, // no boundary
      { 'content-type': contentType, truncate: true },
    ]
    for (const { truncate, ...headers } of broken) {
      const bad = await ctx.app.inject({ method: 'POST', url: uploadParams.url, headers, payload: truncate ? payload.subarray(0, payload.length - 20) : payload })
      expect(bad.statusCode).toBe(400)
      expect(bad.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.any(String) })
    }
  })

  it('still takes the raw-body upload with the token in Authorization', async () => {
    const { defectId, uploadParams } = await init()
    const upload = (token: string, type = 'image/png', body: Buffer = png) =>
      ctx.app.inject({ method: 'POST', url: uploadParams.url, headers: { authorization: token, 'content-type': type }, payload: body })
    expect((await upload('wrong-token-wrong-token-wrong-token-xxxxx')).statusCode).toBe(400)
    expect((await upload(uploadParams.authorization, 'text/plain', Buffer.from('hello'))).statusCode).toBe(400)
    expect((await upload(uploadParams.authorization)).statusCode).toBe(200)
    expect((await upload(uploadParams.authorization)).json().message).toMatch(/already uploaded/)
    const row = await stored(defectId)
    expect(Buffer.from(row.image as Uint8Array)).toEqual(png)
    expect(row).toMatchObject({ image_type: 'image/png', image_bytes: png.length, result: { stage: 'main_01-07' } })
  })

  it('refuses bad environments and unknown defects with {code, message}', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/PenguinStats/api/v2/recognition/defects/report/init',
      payload: { recognitionResult: {}, environment: { ...DEFECT_ENVIRONMENT, sessionId: 'short' } },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'INVALID_REQUEST', violations: [expect.objectContaining({ field: 'environment.sessionId' })] })
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/recognition/defects/report/upload/nope',
      headers: { authorization: 'x', 'content-type': 'image/png' },
      payload: png,
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().code).toBe('NOT_FOUND')
  })
})

describe('recognition defect upload URL behind a trusted proxy', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ name: 'pglite' }, { app: { trustProxy: true } })
  })
  afterAll(async () => ctx?.close())

  it('uses the forwarded scheme and host', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/PenguinStats/api/v2/recognition/defects/report/init',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'penguin.example' },
      payload: { recognitionResult: {}, environment: DEFECT_ENVIRONMENT },
    })
    expect(res.statusCode).toBe(200)
    const { defectId, uploadParams } = res.json()
    expect(uploadParams.url).toBe(`https://penguin.example/PenguinStats/api/v2/recognition/defects/report/upload/${defectId}`)
  })
})
