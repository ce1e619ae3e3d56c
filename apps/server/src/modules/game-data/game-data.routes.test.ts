import type { DataVersions } from '@dropwise/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

/** `GET /api/_/data?limit=` (docs/api-extensions.md §3j): the home page asks for the current version only. */
describe.each(dbTargets())('GET /api/_/data on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  }, 120_000)
  afterAll(async () => ctx?.close())

  const get = (url: string) => ctx.app.inject({ method: 'GET', url })

  it('lists the recorded versions by default, none with limit=0, and keeps the current one either way', async () => {
    const all = (await get('/api/_/data')).json<DataVersions>()
    expect(all.versions.map((v) => v.version)).toEqual([1])
    const none = await get('/api/_/data?limit=0')
    expect(none.statusCode).toBe(200)
    expect(none.json<DataVersions>()).toEqual({ ...all, versions: [] })
    expect(none.body.length).toBeLessThan((await get('/api/_/data')).body.length)
    expect((await get('/api/_/data?limit=1')).json<DataVersions>().versions).toEqual(all.versions)
  })

  it('refuses a limit outside 0-100', async () => {
    for (const limit of ['-1', '101', 'all']) expect((await get(`/api/_/data?limit=${limit}`)).statusCode, limit).toBe(400)
  })
})
