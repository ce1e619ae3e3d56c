import { spawnSync, type ChildProcess } from 'node:child_process'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { R } from '../../testing/reports'
import { hasRedis, startRedis, stopRedis } from '../../testing/private-redis'
import { freePort } from '../../testing/server-process'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { purgeExpiredKeys } from './idempotency.store'
import type { NewReport } from './reports.repository'
import { createReportsRepository } from './reports.repository'
import { IDEMPOTENCY_TTL_MS, IDEMPOTENCY_WAIT_MS } from './reports.routes'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Each report carries its key in `version`: rows per key can be counted. */
const keyed = (ctx: TestContext, ip: string, key: string, payload?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v2/report',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', 'x-penguin-idempotency-key': key },
    payload: payload ?? JSON.stringify({ ...R, version: `v3.0.4+${key}` }),
  })
const rowsOf = async (ctx: TestContext, key: string) =>
  (await ctx.db.kysely.selectFrom('drop_reports').select('report_hash').where('version', '=', `v3.0.4+${key}`).execute()).map((r) => r.report_hash)
const scopedKeyOf = async (ctx: TestContext, ip: string, key: string) => {
  // The stored key is scoped to its caller: read it back from a first request of that caller.
  await keyed(ctx, ip, `${key}probe`)
  const row = await ctx.db.kysely.selectFrom('idempotency_keys').select('idem_key').where('idem_key', 'like', `%:${key}probe`).executeTakeFirstOrThrow()
  return row.idem_key.replace(/probe$/, '')
}
const report = (hash: string, key: string, body: string): NewReport => ({
  reportHash: hash,
  server: 'CN',
  stageId: 'wk_kc_5',
  patternHash: 'idem-test-pattern',
  pattern: [{ itemId: '2004', quantity: 3 }],
  drops: [{ dropType: 'NORMAL', itemId: '2004', quantity: 3 }],
  times: 1,
  accountId: 1,
  source: 'test',
  version: `v3.0.4+${key}`,
  category: 'automated',
  createdAt: Date.now(),
  ip: null,
  md5: null,
  metadata: null,
  idempotency: { key: `scope:${key}`, response: { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body }, expiresAt: Date.now() + 60_000 },
})

describe.each(dbTargets())('idempotency keys in the database on $name', (target) => {
  let ctx: TestContext
  let now = Date.now()
  beforeAll(async () => {
    ctx = await createTestContext(target, { clock: () => now })
    const [account] = await ctx.db.kysely.insertInto('accounts').values({ penguin_id: '900000001', created_at: now }).returning('account_id').execute()
    expect(account).toBeDefined()
  })
  afterAll(async () => ctx?.close())

  it('a key committed with its report (the process died before answering) replays that answer, and stores nothing more', async () => {
    const accounts = await ctx.db.kysely.selectFrom('accounts').select('account_id').where('penguin_id', '=', '900000001').executeTakeFirstOrThrow()
    const repository = createReportsRepository(ctx.db)
    const first = { ...report('a'.repeat(37), 'crashed1', '{"reportHash":"first"}'), accountId: accounts.account_id }
    // One batch holding the key twice, then the key again in a later batch (a retry in another process).
    const again = { ...report('b'.repeat(37), 'crashed1', '{"reportHash":"second"}'), accountId: accounts.account_id }
    const outcomes = await repository.insertBatch([first, again])
    expect(outcomes).toEqual([{ stored: true }, { stored: false, answer: first.idempotency?.response }])
    const later = await repository.insertBatch([{ ...again, reportHash: 'c'.repeat(37) }])
    expect(later).toEqual([{ stored: false, answer: first.idempotency?.response }])
    expect(await rowsOf(ctx, 'crashed1')).toEqual(['a'.repeat(37)])

    // Two batches at once with the same keys in opposite orders (PostgreSQL: two transactions, the later
    // one waits for the first one's keys): each key keeps one report, and nothing fails.
    const pair = (n: number, keys: string[]) =>
      keys.map((k, i) => ({ ...report(`${n}${i}`.padEnd(37, 'x'), k, `{"reportHash":"${n}${k}"}`), accountId: accounts.account_id }))
    const [one, two] = await Promise.all([repository.insertBatch(pair(1, ['both1', 'both2'])), repository.insertBatch(pair(2, ['both2', 'both1']))])
    expect([...(one ?? []), ...(two ?? [])].filter((o) => o.stored)).toHaveLength(2)
    expect(await rowsOf(ctx, 'both1')).toHaveLength(1)
    expect(await rowsOf(ctx, 'both2')).toHaveLength(1)
  })

  it('concurrent requests with one key store one report and answer alike', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => keyed(ctx, '10.61.0.1', 'together1')))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    expect(new Set(answers.map((a) => a.body)).size).toBe(1)
    expect(answers.map((a) => a.headers['x-penguin-idempotency']).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'saved'])
    expect(await rowsOf(ctx, 'together1')).toEqual([answers[0]?.json().reportHash])
  })

  it('a lock row left by a crashed process (older versions) answers no 500 and blocks nobody', async () => {
    const key = await scopedKeyOf(ctx, '10.61.0.2', 'stale1')
    await sql`insert into idempotency_keys (idem_key, status, headers, body, expires_at) values (${key}, 0, '{}'::jsonb, '', ${now + 10_000})`.execute(ctx.db.kysely)
    const startedAt = performance.now()
    const res = await keyed(ctx, '10.61.0.2', 'stale1')
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-penguin-idempotency']).toBe('saved')
    expect(performance.now() - startedAt).toBeLessThan(IDEMPOTENCY_WAIT_MS)
    expect(await rowsOf(ctx, 'stale1')).toEqual([res.json().reportHash])
    expect((await keyed(ctx, '10.61.0.2', 'stale1', 'not json')).body).toBe(res.body)
  })

  it('keys expire after their lifetime and the purge deletes them in bounded batches', async () => {
    const saved = await keyed(ctx, '10.61.0.3', 'expiring1')
    now += IDEMPOTENCY_TTL_MS + 1
    const after = await keyed(ctx, '10.61.0.3', 'expiring1')
    expect(after.headers['x-penguin-idempotency']).toBe('saved')
    expect(after.body).not.toBe(saved.body)
    await sql`
      insert into idempotency_keys (idem_key, status, headers, body, expires_at)
      select 'old' || g, 200, '{}'::jsonb, '', ${now - 1} from generate_series(1, 2500) g`.execute(ctx.db.kysely)
    const live = await ctx.db.kysely.selectFrom('idempotency_keys').select('idem_key').where('expires_at', '>', now).execute()
    const expired = await ctx.db.kysely.selectFrom('idempotency_keys').select('idem_key').where('expires_at', '<=', now).execute()
    const batches: number[] = []
    const deleted = await purgeExpiredKeys(ctx.db, now, { batchSize: 1000, maxBatches: 10, pause: async () => void batches.push(1) })
    expect(deleted).toBe(expired.length)
    expect(batches.length).toBe(Math.floor(expired.length / 1000))
    const left = await ctx.db.kysely.selectFrom('idempotency_keys').select('idem_key').execute()
    expect(left.map((r) => r.idem_key).sort()).toEqual(live.map((r) => r.idem_key).sort())
    // Two purges at once share the rows (skip locked) and fail nothing.
    await sql`insert into idempotency_keys (idem_key, status, headers, body, expires_at) select 'old' || g, 200, '{}'::jsonb, '', 1 from generate_series(1, 1500) g`.execute(
      ctx.db.kysely,
    )
    const both = await Promise.all([0, 1].map(() => purgeExpiredKeys(ctx.db, now, { batchSize: 500, maxBatches: 10 })))
    expect(both[0]! + both[1]!).toBe(1500)
  })
})

describe.skipIf(!hasRedis).each(dbTargets())('idempotency keys with a Redis restarted without persistence on $name', (target) => {
  let ctx: TestContext
  let redis: ChildProcess
  let port: number
  const redisReady = async () => {
    for (let i = 0; i < 100; i++) {
      if ((await ctx.app.inject({ method: 'GET', url: '/api/_/health' })).json().checks.redis === 'ok') return
      await sleep(100)
    }
    throw new Error('redis never became ready')
  }
  beforeAll(async () => {
    port = await freePort()
    redis = await startRedis(port)
    ctx = await createTestContext(target, { app: { redisUrl: `redis://127.0.0.1:${port}` } })
    await redisReady()
  })
  afterAll(async () => {
    await ctx?.close()
    if (redis) await stopRedis(redis)
  })

  it('forgets nothing: a retry after the restart replays the first answer and stores nothing', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `restart${i}`)
    const first = await Promise.all(keys.map((k) => keyed(ctx, '10.62.0.1', k)))
    expect(first.map((r) => r.headers['x-penguin-idempotency'])).toEqual(keys.map(() => 'saved'))
    await stopRedis(redis)
    redis = await startRedis(port)
    await redisReady()
    const retried = await Promise.all(keys.map((k) => keyed(ctx, '10.62.0.1', k, 'not json')))
    expect(retried.map((r) => r.statusCode)).toEqual(keys.map(() => 200))
    expect(retried.map((r) => r.headers['x-penguin-idempotency'])).toEqual(keys.map(() => 'hit'))
    expect(retried.map((r) => r.body)).toEqual(first.map((r) => r.body))
    const counts = await Promise.all(keys.map(async (k) => (await rowsOf(ctx, k)).length))
    const lost = counts.filter((c) => c === 0).length
    const fiveHundreds = retried.filter((r) => r.statusCode >= 500).length
    console.log(
      `Redis restarted without persistence on ${target.name}: acknowledged ${first.length}, replayed after the restart ` +
        `${retried.filter((r) => r.headers['x-penguin-idempotency'] === 'hit').length}, lost ${lost}, ` +
        `duplicated ${counts.filter((c) => c > 1).length}, 5xx ${fiveHundreds}`,
    )
    expect(counts).toEqual(keys.map(() => 1))
  })

  it('a mark left in Redis by a process that died answers no 500: the duplicate waits a moment, then runs', async () => {
    const key = await scopedKeyOf(ctx, '10.62.0.2', 'deadholder1')
    expect(spawnSync('redis-cli', ['-p', String(port), 'set', `dropwise:idem:l:${key}`, '1', 'PX', '10000']).stdout.toString()).toContain('OK')
    const res = await keyed(ctx, '10.62.0.2', 'deadholder1')
    expect(res.statusCode).toBe(200)
    expect(res.headers['x-penguin-idempotency']).toBe('saved')
    expect(await rowsOf(ctx, 'deadholder1')).toEqual([res.json().reportHash])
  })
})
