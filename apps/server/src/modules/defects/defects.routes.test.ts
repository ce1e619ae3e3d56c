import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

const environment = {
  frontendVersion: '1.0.0',
  frontendCommit: 'abc1234',
  recognizerVersion: '1.0.0',
  recognizerOpenCVVersion: 'none',
  recognizerAssetsVersion: '1',
  server: 'CN',
  sessionId: 'Ab3dEf9h',
}
// The 8-byte PNG signature plus a little: what matters here is the content type and the bytes kept.
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])

describe.each(dbTargets())('recognition defect reports on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  const init = (body: unknown) => ctx.app.inject({ method: 'POST', url: '/PenguinStats/api/v2/recognition/defects/report/init', payload: body as object })

  it('stores the report and the screenshot uploaded with the token it handed out, once', async () => {
    const res = await init({ recognitionResult: { stage: 'main_01-07', exceptions: ['Droptypes::Illegal'] }, environment })
    expect(res.statusCode).toBe(200)
    const { defectId, uploadParams } = res.json()
    expect(uploadParams.url).toBe(`/api/v2/recognition/defects/report/upload/${defectId}`)
    const upload = (token: string, type = 'image/png', body: Buffer = png) =>
      ctx.app.inject({ method: 'POST', url: uploadParams.url, headers: { authorization: token, 'content-type': type }, payload: body })
    expect((await upload('wrong-token-wrong-token-wrong-token-xxxxx')).statusCode).toBe(400)
    expect((await upload(uploadParams.authorization, 'text/plain', Buffer.from('hello'))).statusCode).toBe(400)
    const ok = await upload(uploadParams.authorization)
    expect(ok.statusCode).toBe(200)
    expect((await upload(uploadParams.authorization)).json().message).toMatch(/already uploaded/)
    const row = await ctx.db.kysely.selectFrom('recognition_defects').selectAll().where('defect_id', '=', defectId).executeTakeFirstOrThrow()
    expect(Buffer.from(row.image as Uint8Array)).toEqual(png)
    expect(row).toMatchObject({ image_type: 'image/png', image_bytes: png.length, result: { stage: 'main_01-07' } })
  })

  it('refuses bad environments and unknown defects with {code, message}', async () => {
    const bad = await init({ recognitionResult: {}, environment: { ...environment, sessionId: 'short' } })
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
