import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { R } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

const IDENTITY = 5
const auth = (id: string) => ({ authorization: `PenguinID ${id}` })

// Issue 37 item 4: no player can be found or impersonated cheaply.
describe.each(dbTargets())('PenguinIDs cannot be probed, and guesses do not lock players out, on $name', (target) => {
  let ctx: TestContext
  let player: string
  beforeAll(async () => {
    ctx = await createTestContext(target, { app: { identityLimitPerMinute: IDENTITY } })
    player = (await report('10.70.0.1')).headers['x-penguin-set-penguinid'] as string
  })
  afterAll(async () => ctx?.close())

  const inject = (method: 'GET' | 'POST', url: string, remoteAddress: string, headers: Record<string, string> = {}, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      remoteAddress,
      headers: { ...(payload === undefined ? {} : { 'content-type': typeof payload === 'string' ? 'text/plain' : 'application/json' }), ...headers },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    })
  const report = (ip: string, headers: Record<string, string> = {}) => inject('POST', '/api/v2/report', ip, headers, R)
  const accounts = async () => Number((await ctx.db.kysely.selectFrom('accounts').select(ctx.db.kysely.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

  // What a prober sees of one answer: everything that could differ between a known and an unknown id.
  const seen = (res: Awaited<ReturnType<typeof inject>>) =>
    `${res.statusCode} ${res.headers['x-penguin-set-penguinid'] === undefined ? '-' : 'new id'} ${res.json().code ?? ''}`

  const probes: [string, (ip: string, id: string) => ReturnType<typeof inject>][] = [
    ['POST /report', (ip, id) => report(ip, auth(id))],
    [
      'POST /report/recognition',
      (ip, id) =>
        inject('POST', '/PenguinStats/api/v2/report/recognition', ip, auth(id), { server: 'CN', source: 'web', version: '1', batchDrops: [{ stageId: 'wk_kc_5' }] }),
    ],
    ['POST /users', (ip, id) => inject('POST', '/api/v2/users', ip, {}, id)],
    ['the personal matrix', (ip, id) => inject('GET', '/api/v2/_private/result/matrix/CN/personal', ip, auth(id))],
  ]

  it.each(probes.map(([name, send], i) => ({ name, send, i })))(
    '$name: probing at the write budget tells no more ids apart than the identity budget allows',
    async ({ send, i }) => {
      const prober = `10.71.${i}.1`
      // 40 guesses, the real id among them after the budget is spent (the prober takes 40 of 1,000 write points).
      const guesses = Array.from({ length: 40 }, (_, k) => (k === 20 ? player : String(300_000_000 + i * 1000 + k)))
      const answers: string[] = []
      for (const id of guesses) answers.push(seen(await send(prober, id)))
      // Only the first IDENTITY answers may tell anything; every later one is the same refusal, the real id's too.
      expect(answers.slice(IDENTITY)).toEqual(Array(guesses.length - IDENTITY).fill('429 - TOO_MANY_REQUESTS'))
      expect(new Set(answers.slice(0, IDENTITY)).size).toBe(1)
      // The player, at their own address, is not affected.
      expect((await send('10.70.0.1', player)).statusCode).toBe(200)
    },
  )

  it('a valid id behind an address that sent 30+ bad ids still reads its personal matrix, logs in and reports', async () => {
    const shared = '10.72.0.1'
    // The player reports from the shared network (a new account) and a second one logs in there.
    const mine = (await report(shared)).headers['x-penguin-set-penguinid'] as string
    expect(mine).toMatch(/^\d{9}$/)
    expect((await inject('POST', '/api/v2/users', shared, {}, player)).statusCode).toBe(200)
    // Someone else on that network guesses 35 ids.
    const codes: number[] = []
    for (let k = 0; k < 35; k++) codes.push((await inject('GET', '/api/v2/result/matrix?is_personal=true', shared, auth(String(400_000_000 + k)))).statusCode)
    expect(codes.at(-1)).toBe(429)
    for (const id of [mine, player]) {
      const personal = await inject('GET', '/PenguinStats/api/v2/_private/result/matrix/CN/personal', shared, auth(id))
      expect(personal.statusCode, id).toBe(200)
      expect((personal.json() as { matrix: unknown[] }).matrix.length, id).toBeGreaterThan(0)
      const again = await report(shared, auth(id))
      expect(again.statusCode, id).toBe(200)
      expect(again.headers['x-penguin-set-penguinid'], id).toBeUndefined()
      expect((await inject('POST', '/api/v2/users', shared, {}, id)).statusCode, id).toBe(200)
    }
  })

  it('no account is made for a report that is not stored', async () => {
    const ip = '10.73.0.1'
    const before = await accounts()
    const refused = [
      // validation failures
      await inject('POST', '/api/v2/report', ip, {}, { ...R, drops: [{ dropType: 'NORMAL_DROP', itemId: '2002', quantity: 0 }] }),
      await inject('POST', '/api/v2/report', ip, {}, { ...R, server: 'XX' }),
      // an unknown stage, an unknown recruit tag
      await inject('POST', '/api/v2/report', ip, {}, { ...R, stageId: 'no_such_stage' }),
      await inject('POST', '/api/v2/report', ip, auth('499999999'), { ...R, stageId: 'no_such_stage' }),
      await inject('POST', '/api/v2/report', ip, {}, { ...R, stageId: 'recruit', drops: [{ dropType: 'NORMAL_DROP', itemId: 'no such tag', quantity: 1 }] }),
    ]
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400])
    // A recognition batch whose every entry is refused stores nothing: 200 with the errors, no account.
    const batch = await inject(
      'POST',
      '/api/v2/report/recognition',
      ip,
      {},
      { server: 'CN', source: 'web', version: '1', batchDrops: [{ stageId: 'nope' }, { stageId: 'nope2' }] },
    )
    expect(batch.statusCode).toBe(200)
    expect((batch.json() as { errors: unknown[] }).errors).toHaveLength(2)
    expect(batch.headers['x-penguin-set-penguinid']).toBeUndefined()
    // A replayed key stores nothing again.
    const first = await inject('POST', '/api/v2/report', ip, { 'x-penguin-idempotency-key': 'MAA37d0001' }, R)
    const replay = await inject('POST', '/api/v2/report', ip, { 'x-penguin-idempotency-key': 'MAA37d0001' }, R)
    expect([first.statusCode, replay.headers['x-penguin-idempotency']]).toEqual([200, 'hit'])
    expect(await accounts()).toBe(before + 1)
  })

  it('no account is left by a gacha report of 0 or too many runs', async () => {
    const ip = '10.73.1.1'
    const before = await accounts()
    // Gacha reports whose computed runs the database used to refuse (500): now 200 unstored (0 runs) and
    // 400 (over 1,000 runs). However they are answered, an account exists only for a stored one.
    const gacha = { ...R, stageId: 'act24side_gacha' }
    const answers = [
      await inject('POST', '/api/v2/report', ip, {}, { ...gacha, drops: [] }),
      await inject(
        'POST',
        '/api/v2/report',
        ip,
        {},
        {
          ...gacha,
          drops: [
            { dropType: 'NORMAL_DROP', itemId: '2002', quantity: 1000 },
            { dropType: 'NORMAL_DROP', itemId: '2003', quantity: 1000 },
          ],
        },
      ),
    ]
    expect(answers.map((r) => r.statusCode)).toEqual([200, 400])
    expect(answers.every((r) => r.headers['x-penguin-set-penguinid'] === undefined)).toBe(true)
    expect(await accounts()).toBe(before)
  })

  it('no account is made for a report refused by a budget', async () => {
    const limited = await createTestContext(target, { app: { writeLimitPerMinute: 2, identityLimitPerMinute: 1 } })
    try {
      const count = async () => Number((await limited.db.kysely.selectFrom('accounts').select(limited.db.kysely.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
      const post = (ip: string, headers: Record<string, string> = {}) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v2/report',
          remoteAddress: ip,
          headers: { 'content-type': 'application/json', ...headers },
          payload: JSON.stringify(R),
        })
      const before = await count()
      const codes = [(await post('10.74.0.1')).statusCode, (await post('10.74.0.1')).statusCode, (await post('10.74.0.1')).statusCode]
      expect(codes).toEqual([200, 200, 429])
      // The identity budget: the second unknown id of this address is refused, and gets no account.
      const ids = [(await post('10.74.0.2', auth('488888881'))).statusCode, (await post('10.74.0.2', auth('488888882'))).statusCode]
      expect(ids).toEqual([200, 429])
      expect(await count()).toBe(before + 3)
    } finally {
      await limited.close()
    }
  })
})
