import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { R, R_MAA } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import type { NewReport } from './reports.repository'

const json = { 'content-type': 'application/json' }

// Honest and hostile clients at once, as the issue reproduced them: no honest report may fail.
describe.each(dbTargets())('the write path under hostile clients on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target, { app: { writeLimitPerMinute: 1_000_000 } })
  })
  afterAll(async () => ctx?.close())

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = '10.20.0.1') =>
    ctx.app.inject({ method: 'POST', url, remoteAddress, headers: { ...json, ...headers }, payload: JSON.stringify(payload) })
  const stored = async (hashes: string[]) =>
    hashes.length === 0
      ? 0
      : (await ctx.db.kysely.selectFrom('drop_reports').select(ctx.db.kysely.fn.countAll<number>().as('n')).where('report_hash', 'in', hashes).executeTakeFirstOrThrow())
          .n

  it('8 honest clients beside 2 poisoning ones and 2 of held reports: every honest and held report is acknowledged and stored, every poisoned one is a 400', async () => {
    const poisons = [
      { metadata: { md5: 'ab\u0000cd' } },
      { metadata: { fingerprint: '\uD800' } },
      { metadata: { fileName: 'shot\uDFFF.png' } },
      { drops: [{ dropType: 'NORMAL_DROP', itemId: '20\u000002', quantity: 1 }] },
      { metadata: { md5: 'x', fileName: '\u0000' } },
    ]
    const honest = async (client: number) => {
      const codes: number[] = []
      const hashes: string[] = []
      for (let i = 0; i < 25; i++) {
        const res = await post('/PenguinStats/api/v2/report', { ...R_MAA, metadata: { md5: `h${client}x${i}`, fileName: '固源岩 😀.png' } }, {}, `10.1.0.${client}`)
        codes.push(res.statusCode)
        if (res.statusCode === 200) hashes.push((res.json() as { reportHash: string }).reportHash)
      }
      return { codes, hashes }
    }
    const hostile = async (client: number) => {
      const codes: number[] = []
      for (let i = 0; i < 25; i++) {
        const res = await post('/api/v2/report', { ...R, ...poisons[i % poisons.length] }, {}, `10.66.0.${client}`)
        codes.push(res.statusCode)
        if (res.statusCode === 400) {
          expect(res.json()).toMatchObject({ code: 'INVALID_REQUEST', violations: [expect.objectContaining({ message: expect.stringMatching(/NUL|surrogate/) })] })
        }
      }
      return codes
    }
    // MAA on an event the data does not know yet (issue #36): a new stage, or a new item on a known stage.
    const held = async (client: number) => {
      const hashes: string[] = []
      for (let i = 0; i < 25; i++) {
        const body =
          i % 2 === 0 ? { ...R_MAA, stageId: 'act47side_01' } : { ...R_MAA, drops: [...R_MAA.drops, { dropType: 'NORMAL_DROP', itemId: '30175', quantity: 1 }] }
        const res = await post('/PenguinStats/api/v2/report', { ...body, metadata: { md5: `held${client}x${i}` } }, {}, `10.47.0.${client}`)
        expect(res.statusCode, res.body).toBe(200)
        hashes.push((res.json() as { reportHash: string }).reportHash)
      }
      return hashes
    }
    const [honestRuns, hostileRuns, heldRuns] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, (_, c) => honest(c))),
      Promise.all(Array.from({ length: 2 }, (_, c) => hostile(c))),
      Promise.all(Array.from({ length: 2 }, (_, c) => held(c))),
    ])
    expect(honestRuns.flatMap((r) => r.codes).filter((c) => c !== 200)).toEqual([])
    expect(hostileRuns.flat().every((c) => c === 400)).toBe(true)
    const hashes = honestRuns.flatMap((r) => r.hashes)
    expect(hashes).toHaveLength(200)
    expect(await stored(hashes)).toBe(200)
    const heldHashes = heldRuns.flat()
    const kept = await sql<{ n: number }>`
      select count(*)::int as n from held_reports where state = 'held'
        and report_hash in (select jsonb_array_elements_text(${JSON.stringify(heldHashes)}::jsonb))`.execute(ctx.db.kysely)
    expect(kept.rows[0]?.n).toBe(50)
    expect(await stored(heldHashes)).toBe(0)
  })

  it('a batch the database refuses fails only its guilty report (the group commit retries the rest)', async () => {
    // Past validation, straight to the writer: a report the database itself refuses, in one batch with honest ones.
    const account = (await ctx.app.accounts.create('10.0.0.9')).account_id
    const report = (hash: string, md5: string): NewReport => ({
      reportHash: hash,
      server: 'CN',
      stageId: 'wk_kc_5',
      patternHash: 'p-empty',
      pattern: [],
      drops: [],
      times: 1,
      accountId: account,
      source: 'test',
      version: 'v1.0.0',
      category: 'automated',
      createdAt: Date.now(),
      ip: null,
      md5,
      metadata: null,
    })
    const hashes = Array.from({ length: 30 }, (_, i) => `isolation-${target.name}-${i}`.padEnd(37, 'x'))
    const outcomes = await Promise.allSettled(hashes.map((h, i) => ctx.app.writer.write(report(h, i === 11 ? 'bad\u0000' : `ok${i}`))))
    expect(outcomes.map((o) => o.status)).toEqual(hashes.map((_, i) => (i === 11 ? 'rejected' : 'fulfilled')))
    expect(await stored(hashes)).toBe(29)
  })

  it('a recognition batch stores its valid entries and lists the invalid ones in errors', async () => {
    const entry = (md5: string) => ({ stageId: 'wk_kc_5', drops: R.drops, metadata: { md5 } })
    const res = await post('/api/v2/report/recognition', {
      server: 'CN',
      source: 'dropwise-web-recognition',
      version: '1.0.0',
      batchDrops: [
        entry('rec-a'),
        entry('bad\u0000'),
        { stageId: 'no_such_stage', drops: [] },
        entry('rec-b'),
        { stageId: 'wk_kc_5', drops: [{ dropType: 'NORMAL_DROP', itemId: '2002', quantity: -1 }] },
        'not an object',
        { ...entry('rec-c'), metadata: { fileName: '\uD83D.png' } },
        { stageId: 'act47side_01', drops: R.drops, metadata: { md5: 'rec-held' } },
      ],
    })
    expect(res.statusCode).toBe(200)
    const body = res.json() as { errors: { index: number; message: string }[] }
    expect(body.errors.map((e) => e.index)).toEqual([1, 2, 4, 5, 6])
    expect(body.errors[0]?.message).toMatch(/metadata\.md5.*NUL/)
    expect(body.errors[1]?.message).toBe('resource not found with given parameters')
    expect(body.errors[2]?.message).toMatch(/drops\.0\.quantity/)
    const rows = await ctx.db.kysely.selectFrom('drop_reports').select('md5').where('md5', 'in', ['rec-a', 'rec-b', 'rec-c']).execute()
    expect(rows.map((r) => r.md5).sort()).toEqual(['rec-a', 'rec-b'])
    const held = await sql<{ stage_id: string }>`select stage_id from held_reports where md5 = 'rec-held'`.execute(ctx.db.kysely)
    expect(held.rows).toEqual([{ stage_id: 'act47side_01' }])
  })

  it('text the database cannot store is a 400 on every route that stores or looks up text, not a 500', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/api/v2/report', { ...R, source: 'MAA\u0000' }],
      ['POST', '/api/v2/report/recall', { reportHash: 'a\u0000b' }],
      ['POST', '/api/v2/users', '12345\u0000'],
      ['POST', '/api/v2/recognition/defects/report/init', { recognitionResult: { a: ['\uD800'] }, environment: {} }],
      ['GET', '/api/v2/stages/%00', undefined],
      ['GET', '/api/v2/result/matrix?stageFilter=main%00', undefined],
    ]
    for (const [method, url, body] of cases) {
      const res = await ctx.app.inject({
        method: method as 'GET' | 'POST',
        url,
        remoteAddress: '10.20.0.2',
        ...(body === undefined
          ? {}
          : { headers: typeof body === 'string' ? { 'content-type': 'text/plain' } : json, payload: typeof body === 'string' ? body : JSON.stringify(body) }),
      })
      expect(res.statusCode, `${method} ${url} → ${res.body}`).toBe(400)
      expect(res.json()).toMatchObject({ code: expect.stringMatching(/INVALID_REQUEST|NOT_FOUND/), message: expect.stringMatching(/\S/) })
    }
  })
})

describe.each(dbTargets())('idempotency keys belong to their caller on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target)
  })
  afterAll(async () => ctx?.close())

  const post = (key: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/report',
      remoteAddress,
      headers: { ...json, 'x-penguin-idempotency-key': key, ...headers },
      payload: JSON.stringify(R),
    })

  it("replaying someone else's key is a new request: no leaked PenguinID, no leaked answer", async () => {
    const key = `victim${target.name}${Date.now()}`
    const victim = await post(key, '10.30.0.1')
    expect(victim.headers['x-penguin-idempotency']).toBe('saved')
    const victimId = victim.headers['x-penguin-set-penguinid'] as string
    expect(victimId).toMatch(/^\d{9}$/)

    // The victim's own retry (same address, still without an ID) replays the answer with its ID.
    const retry = await post(key, '10.30.0.1')
    expect(retry.headers['x-penguin-idempotency']).toBe('hit')
    expect(retry.headers['x-penguin-set-penguinid']).toBe(victimId)

    // Another address with the same key: a new report and a new account of its own.
    const attacker = await post(key, '10.30.0.2')
    expect(attacker.statusCode).toBe(200)
    expect(attacker.headers['x-penguin-idempotency']).toBe('saved')
    expect(attacker.headers['x-penguin-set-penguinid']).not.toBe(victimId)
    expect(String(attacker.headers['set-cookie'])).not.toContain(victimId)
    expect(attacker.json().reportHash).not.toBe(victim.json().reportHash)

    // Same address but another identity: also a new request.
    const other = await post(key, '10.30.0.1', { authorization: `PenguinID ${attacker.headers['x-penguin-set-penguinid'] as string}` })
    expect(other.headers['x-penguin-idempotency']).toBe('saved')
    expect(other.json().reportHash).not.toBe(victim.json().reportHash)

    // With an identity, the key follows the identity across addresses (a phone changing networks).
    const mine = await post(`${key}b`, '10.30.0.3', { authorization: `PenguinID ${victimId}` })
    const moved = await post(`${key}b`, '10.30.0.4', { authorization: `PenguinID ${victimId}` })
    expect(moved.headers['x-penguin-idempotency']).toBe('hit')
    expect(moved.json().reportHash).toBe(mine.json().reportHash)
  })
})

describe.each(dbTargets())('limits that hold on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target, { app: { writeLimitPerMinute: 6, identityLimitPerMinute: 5 } })
  })
  afterAll(async () => ctx?.close())

  const inject = (method: 'GET' | 'POST', url: string, remoteAddress: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress,
      headers: { ...(payload === undefined ? {} : typeof payload === 'string' ? { 'content-type': 'text/plain' } : json), ...headers },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    })

  it('one write budget per address across write routes and both API prefixes; a recognition batch counts its reports', async () => {
    const ip = '10.40.0.1'
    const codes = [
      (await inject('POST', '/api/v2/report', ip, R)).statusCode,
      (await inject('POST', '/PenguinStats/api/v2/report', ip, R)).statusCode,
      (await inject('POST', '/api/v2/report/recall', ip, { reportHash: 'x'.repeat(37) })).statusCode,
      // 3 entries: takes the last 3 points.
      (
        await inject('POST', '/PenguinStats/api/v2/report/recognition', ip, {
          server: 'CN',
          source: 'web',
          version: '1',
          batchDrops: [{ stageId: 'wk_kc_5' }, { stageId: 'wk_kc_5' }, { stageId: 'wk_kc_5' }],
        })
      ).statusCode,
    ]
    expect(codes).toEqual([200, 200, 400, 200])
    const limited = await inject('POST', '/PenguinStats/api/v2/report', ip, R)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/at most 6 a minute/) })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect((await inject('POST', '/api/v2/report/recall', ip, { reportHash: 'x'.repeat(37) })).statusCode).toBe(429)
    // A batch larger than what is left is refused as a whole (nothing stored), with a retry time.
    const other = '10.40.0.2'
    for (let i = 0; i < 4; i++) await inject('POST', '/api/v2/report', other, R)
    const batch = await inject('POST', '/api/v2/report/recognition', other, {
      server: 'CN',
      source: 'web',
      version: '1',
      batchDrops: [{ stageId: 'wk_kc_5' }, { stageId: 'wk_kc_5' }, { stageId: 'wk_kc_5' }],
    })
    expect(batch.statusCode).toBe(429)
    // Other addresses are not affected, reads never are.
    expect((await inject('POST', '/api/v2/report', '10.40.0.3', R)).statusCode).toBe(200)
    expect((await inject('GET', '/api/v2/stages', ip)).statusCode).toBe(200)
  })

  it('X-Forwarded-For and X-Original-Forwarded-For from an untrusted client do not buy a fresh budget', async () => {
    const codes: number[] = []
    for (let i = 0; i < 8; i++) {
      const spoof = { 'x-forwarded-for': `203.0.113.${i}`, 'x-original-forwarded-for': `198.51.100.${i}`, 'x-real-ip': `192.0.2.${i}` }
      codes.push((await inject('POST', '/api/v2/report', '10.40.1.1', R, spoof)).statusCode)
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429])
  })

  it('logins are limited per address (no more thousands of PenguinID guesses a second)', async () => {
    const ip = '10.41.0.1'
    const codes: number[] = []
    for (let i = 0; i < 7; i++) codes.push((await inject('POST', '/api/v2/users', ip, String(100000000 + i))).statusCode)
    expect(codes).toEqual([400, 400, 400, 400, 400, 429, 429])
    expect((await inject('POST', '/PenguinStats/api/v2/users', ip, '100000009')).statusCode).toBe(429)
    expect((await inject('POST', '/api/v2/users', '10.41.0.2', '100000009')).statusCode).toBe(400)
  })

  it('personal routes: unknown PenguinIDs spend the budget, and then even a right guess is refused; a valid ID spends nothing', async () => {
    const owner = (await inject('POST', '/api/v2/report', '10.42.0.9', R)).headers['x-penguin-set-penguinid'] as string
    const auth = (id: string) => ({ authorization: `PenguinID ${id}` })
    // A player with a valid ID reads personal data as often as they like.
    for (let i = 0; i < 8; i++) expect((await inject('GET', '/api/v2/result/matrix?is_personal=true', '10.42.0.1', undefined, auth(owner))).statusCode).toBe(200)
    const guesser = '10.42.0.2'
    const urls = ['/api/v2/result/matrix?is_personal=true', '/PenguinStats/api/v2/_private/result/matrix/CN/personal', '/api/v2/result/pattern?is_personal=true']
    const codes: number[] = []
    for (let i = 0; i < 6; i++) codes.push((await inject('GET', urls[i % urls.length] as string, guesser, undefined, auth(String(200000000 + i)))).statusCode)
    expect(codes.slice(0, 5).every((c) => c === 400)).toBe(true)
    expect(codes[5]).toBe(429)
    // The right ID now: still refused until the budget refills.
    expect((await inject('GET', '/api/v2/result/matrix?is_personal=true', guesser, undefined, auth(owner))).statusCode).toBe(429)
    // Public answers are not limited.
    expect((await inject('GET', '/api/v2/result/matrix', guesser)).statusCode).toBe(200)
  })
})
