import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../testing/test-app'

describe('compressed answers', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ name: 'pglite' })
  })
  afterAll(async () => ctx?.close())

  it.each(['/api/v2/items', '/api/v2/stages?server=CN', '/api/v2/zones', '/api/v2/result/matrix?server=CN&show_closed_zones=true'])(
    '%s is gzipped for clients that accept it and plain for the others',
    async (url) => {
      const plain = await ctx.app.inject({ method: 'GET', url })
      const zipped = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(zipped.headers['content-encoding']).toBe('gzip')
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json())
      expect(String(zipped.headers.vary)).toContain('Accept-Encoding')
      // A client that refuses gzip (q=0) gets the bytes as they are (issue 43: a word match sent it gzip).
      for (const refusing of ['gzip;q=0', 'gzip;q=0, deflate', 'br, gzip;q=0']) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': refusing } })
        expect(res.headers['content-encoding'], refusing).toBeUndefined()
        expect(res.json()).toEqual(plain.json())
      }
    },
  )

  it('leaves small and personal answers alone', async () => {
    const small = await ctx.app.inject({ method: 'GET', url: '/api/v2/items/30012', headers: { 'accept-encoding': 'gzip' } })
    expect(small.headers['content-encoding']).toBeUndefined()
  })
})
