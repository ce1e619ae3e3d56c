import { spawnSync, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasRedis, startRedis } from '../../testing/private-redis'
import { freePort } from '../../testing/server-process'
import { DEFECT_ENVIRONMENT } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

const V2 = '/PenguinStats/api/v2'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 0x20)])

// Issue 37: a Redis that stops answering (paused, a network partition) must never hang a request. The byte
// budgets of defect uploads live in Redis; every command gives up after 1 s and the budget falls back to
// this process's memory, so uploads keep their answers (200, or 4xx/503 with Retry-After), never a hang or a 500.
describe.skipIf(!hasRedis)('defect uploads while Redis stops answering', () => {
  let ctx: TestContext
  let redis: ChildProcess
  let redisPort = 0
  beforeAll(async () => {
    const port = (redisPort = await freePort())
    redis = await startRedis(port)
    const target = dbTargets().find((t) => t.name === 'pglite') ?? (dbTargets()[0] as NonNullable<ReturnType<typeof dbTargets>[0]>)
    ctx = await createTestContext(target, { app: { redisUrl: `redis://127.0.0.1:${port}`, defectLimits: { bytesPerHour: 6 * 1024 } } })
  })
  afterAll(async () => {
    redis?.kill('SIGCONT')
    redis?.kill('SIGKILL')
    await ctx?.close()
  })

  /** init and upload from `remoteAddress`: both answers, each within `limitMs` or 'hung'. */
  const upload = async (remoteAddress: string, limitMs = 5000) => {
    const within = <T>(p: Promise<T>) => Promise.race([p, sleep(limitMs).then(() => 'hung' as const)])
    const started = await within(
      ctx.app.inject({
        method: 'POST',
        url: `${V2}/recognition/defects/report/init`,
        remoteAddress,
        payload: { recognitionResult: { stage: 'main_01-07' }, environment: DEFECT_ENVIRONMENT },
      }),
    )
    if (started === 'hung' || started.statusCode !== 200) return started === 'hung' ? 'hung' : { status: started.statusCode, retryAfter: started.headers['retry-after'] }
    const { uploadParams } = started.json() as { uploadParams: { url: string; authorization: string } }
    const res = await within(
      ctx.app.inject({
        method: 'POST',
        url: uploadParams.url,
        remoteAddress,
        headers: { authorization: uploadParams.authorization, 'content-type': 'image/png' },
        payload: PNG,
      }),
    )
    return res === 'hung' ? 'hung' : { status: res.statusCode, retryAfter: res.headers['retry-after'] }
  }
  const acceptable = (a: Awaited<ReturnType<typeof upload>>) =>
    a !== 'hung' && (a.status === 200 || (a.status >= 400 && a.status < 500) || (a.status === 503 && a.retryAfter !== undefined))

  it('answers every upload within seconds while Redis is stopped, and takes the budget from Redis again after', async () => {
    await sleep(500)
    expect(await upload('10.9.0.1')).toMatchObject({ status: 200 })
    // The budget is kept in Redis while it answers.
    const keys = spawnSync('redis-cli', ['-p', String(redisPort), '--scan', '--pattern', '*defect-bytes*']).stdout.toString()
    expect(keys).toContain('defect-bytes-hour')
    redis.kill('SIGSTOP')
    const during: Awaited<ReturnType<typeof upload>>[] = []
    const started = Date.now()
    // Beyond the budget (6 KB an hour, 2 KB each): 200s, then 429s from the memory fall-back.
    for (let i = 0; i < 6; i++) during.push(await upload('10.9.0.2'))
    const durationMs = Date.now() - started
    redis.kill('SIGCONT')
    await sleep(500)
    const after = await upload('10.9.0.3')
    console.log(`defect uploads with Redis stopped: ${during.length} in ${durationMs} ms, statuses ${JSON.stringify(during.map((a) => (a === 'hung' ? a : a.status)))}`)
    expect(during.filter((a) => !acceptable(a))).toEqual([])
    expect(during.some((a) => a !== 'hung' && a.status === 200)).toBe(true)
    expect(after).toMatchObject({ status: 200 })
  }, 120_000)
})
