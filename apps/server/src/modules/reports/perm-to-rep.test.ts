import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../testing/test-app'

// a001_01_rep (the rerun of 1-1 of the first event) was open on CN from 1601539200000 to 1602360000000.
const DURING_RERUN = 1_601_600_000_000

describe('old MAA reports of a _perm stage during its rerun', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ name: 'pglite' }, { clock: () => DURING_RERUN })
  })
  afterAll(async () => ctx?.close())

  const stageOf = async (source: string, stageId: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/report',
      payload: { server: 'CN', source, version: 'v3.0.4', stageId, drops: [] },
    })
    expect(res.statusCode).toBe(200)
    const row = await ctx.db.kysely.selectFrom('drop_reports').select('stage_id').where('report_hash', '=', res.json().reportHash).executeTakeFirstOrThrow()
    return row.stage_id
  }

  it('stores MeoAssistant reports under the open rerun, and leaves every other case alone', async () => {
    expect(await stageOf('MeoAssistant', 'a001_01_perm')).toBe('a001_01_rep')
    expect(await stageOf('MaaAssistantArknights', 'a001_01_perm')).toBe('a001_01_perm')
    expect(await stageOf('MeoAssistant', 'main_01-07')).toBe('main_01-07')
  })
})
