import { createHash } from 'node:crypto'
import { MatrixResponseSchema } from '@dropwise/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { R } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

const BASE = '/PenguinStats/api/v2'
const TOKEN = 'ops-token-for-tests-0123456789'
const FINGERPRINT = `token:${createHash('sha256').update(TOKEN).digest('hex').slice(0, 12)}`
const NOTICE = { severity: 1, content_i18n: { en: '**Maintenance** at 10:00', zh: '**维护** 10:00' } }
const ABOUT = {
  repository: 'https://git.example/dropwise',
  email: 'team@example.org',
  chat: [{ label: 'Discord', label_i18n: { zh: '群聊' }, url: 'https://chat.example/invite' }],
  donate: [{ label: 'Open Collective', url: 'https://opencollective.example/dropwise' }],
  members: [{ name: 'Amiya', role: 'owner', url: 'https://example.org/amiya' }],
  text_i18n: { donate: { en: 'Thank you!', ja: 'ありがとう' } },
}

/** Every operators' route, with a body that would be valid: without a valid token each is 401 all the same. */
const OPS_ROUTES: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
  ['GET', '/api/_/ops/notices'],
  ['POST', '/api/_/ops/notices', NOTICE],
  ['PUT', '/api/_/ops/notices/1', NOTICE],
  ['DELETE', '/api/_/ops/notices/1'],
  ['PUT', '/api/_/ops/about', ABOUT],
  ['DELETE', '/api/_/ops/about'],
  ['GET', '/api/_/ops/rules'],
  ['POST', '/api/_/ops/rules', { reliability: 300, version: 'x' }],
  ['DELETE', '/api/_/ops/rules/1'],
  ['GET', '/api/_/ops/audit'],
]

describe.each(dbTargets())('operators’ routes on $name', (target) => {
  let ctx: TestContext
  let closed: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target, { app: { ops: { token: TOKEN } } })
    closed = await createTestContext(target)
  })
  afterAll(async () => {
    await ctx?.close()
    await closed?.close()
  })

  const send = (method: string, url: string, body?: unknown, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, on = ctx) =>
    on.app.inject({
      method: method as 'GET',
      url,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    })
  const noticesServed = async () =>
    (await ctx.app.inject({ method: 'GET', url: `${BASE}/notice` })).json() as { id: number; severity: number; content_i18n: Record<string, string> }[]
  const matrix = async () => {
    await ctx.app.matrix.settle()
    const res = await ctx.app.inject({ method: 'GET', url: `${BASE}/result/matrix?stageFilter=wk_kc_5&show_closed_zones=true` })
    return MatrixResponseSchema.parse(res.json())
      .matrix.map(({ itemId, times, quantity }) => ({ itemId, times, quantity }))
      .sort((a, b) => a.itemId.localeCompare(b.itemId))
  }
  const report = async (over: Record<string, unknown> = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/report`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...R, ...over }),
    })
    expect(res.statusCode).toBe(200)
    return res.json().reportHash as string
  }
  const reliabilityOf = async (hash: string) =>
    (await ctx.db.kysely.selectFrom('drop_reports').select('reliability').where('report_hash', '=', hash).executeTakeFirstOrThrow()).reliability

  it('answers 401 {code, message} on every operators’ route without a token, with a wrong one, and on a server without OPS_TOKEN', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `PenguinID ${TOKEN}` },
    ]
    for (const [method, url, body] of OPS_ROUTES) {
      for (const headers of refused) {
        const res = await send(method, url, body, headers)
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(401)
        expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) })
      }
      const off = await send(method, url, body, { authorization: `Bearer ${TOKEN}` }, closed)
      expect(off.statusCode, `${method} ${url} on a server without OPS_TOKEN`).toBe(401)
      expect(off.json().message).toContain('OPS_TOKEN')
    }
    // Nothing was changed by any of them.
    expect((await ctx.db.kysely.selectFrom('ops_audit').selectAll().execute()).length).toBe(0)
    expect(await noticesServed()).toEqual([])
  })

  it('adds a notice that /notice serves in each language, edits it, retires it', async () => {
    const bad = await send('POST', '/api/_/ops/notices', { severity: 1, content_i18n: { en: ' ' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('INVALID_REQUEST')
    expect((await send('POST', '/api/_/ops/notices', { severity: 7, content_i18n: { en: 'x' } })).statusCode).toBe(400)

    const added = await send('POST', '/api/_/ops/notices', NOTICE)
    expect(added.statusCode).toBe(201)
    const id = added.json().id as number
    const served = (await noticesServed()).find((n) => n.id === id)
    expect(served).toMatchObject({ severity: 1, content_i18n: { en: '**Maintenance** at 10:00', zh: '**维护** 10:00' } })
    expect(served?.content_i18n.ja).toBeUndefined()
    expect(Object.values((served as unknown as { existence: Record<string, { exist: boolean }> }).existence).every((e) => e.exist)).toBe(true)

    const edited = await send('PUT', `/api/_/ops/notices/${id}`, { severity: 0, content_i18n: { en: 'Down now', ja: '停止中' } })
    expect(edited.statusCode).toBe(200)
    expect((await noticesServed()).find((n) => n.id === id)).toMatchObject({ severity: 0, content_i18n: { en: 'Down now', ja: '停止中' } })
    expect((await noticesServed()).find((n) => n.id === id)?.content_i18n.zh).toBeUndefined()

    expect((await send('DELETE', `/api/_/ops/notices/${id}`)).statusCode).toBe(200)
    expect((await noticesServed()).some((n) => n.id === id)).toBe(false)
    expect((await send('DELETE', `/api/_/ops/notices/${id}`)).json().code).toBe('NOT_FOUND')
    expect((await send('PUT', '/api/_/ops/notices/999', NOTICE)).json().code).toBe('NOT_FOUND')
    const listed = (await send('GET', '/api/_/ops/notices')).json() as { id: number; retiredAt: number | null }[]
    expect(listed.find((n) => n.id === id)?.retiredAt).toEqual(expect.any(Number))
  })

  it('sets the about content, serves it on GET /api/_/about, refuses a bad one without losing the old, clears it', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/_/about' })).json()).toEqual({ content: null, updatedAt: null })
    const set = await send('PUT', '/api/_/ops/about', ABOUT)
    expect(set.statusCode).toBe(200)
    const read = (await ctx.app.inject({ method: 'GET', url: '/api/_/about' })).json()
    expect(read.content).toEqual(ABOUT)
    expect(read.updatedAt).toEqual(expect.any(Number))

    const bad = await send('PUT', '/api/_/ops/about', { ...ABOUT, donate: [{ label: 'x', url: 'javascript:alert(1)' }] })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'INVALID_REQUEST', violations: [expect.objectContaining({ field: expect.stringContaining('donate') })] })
    expect((await ctx.app.inject({ method: 'GET', url: '/api/_/about' })).json().content).toEqual(ABOUT)

    // The same content again is not a change (no audit row).
    expect((await send('PUT', '/api/_/ops/about', ABOUT)).statusCode).toBe(200)
    expect((await send('DELETE', '/api/_/ops/about')).json()).toEqual({ content: null, updatedAt: null })
    expect((await send('PUT', '/api/_/ops/about', ABOUT)).statusCode).toBe(200)
  })

  it('a rejection rule takes matching past reports out of /result/matrix, rejects the next one, and its removal restores exactly the figures', async () => {
    expect((await send('POST', '/api/_/ops/rules', { reliability: 255, version: 'v0-bad' })).statusCode).toBe(400)
    expect((await send('POST', '/api/_/ops/rules', { reliability: 1024, version: 'v0-bad' })).statusCode).toBe(400)
    expect((await send('POST', '/api/_/ops/rules', { reliability: 300 })).json().code).toBe('INVALID_REQUEST')
    expect((await send('POST', '/api/_/ops/rules', { reliability: 300, from: 5, until: 5 })).statusCode).toBe(400)

    const before = await matrix()
    const honest = await report()
    const bad = [await report({ version: 'v0-bad' }), await report({ version: 'v0-bad' })]
    // Fails the drop table (6) and matches the rule: a rule never touches it.
    const broken = await report({ version: 'v0-bad', drops: [{ dropType: 'NORMAL_DROP', itemId: '2004', quantity: 99 }] })
    await ctx.app.aggregation.runOnce()
    const counted = await matrix()
    expect(counted.find((e) => e.itemId === '2003')?.times).toBe((before.find((e) => e.itemId === '2003')?.times ?? 0) + 3)

    const added = await send('POST', '/api/_/ops/rules', { reliability: 300, version: 'v0-bad', stageId: 'wk_kc_5', note: 'a broken client build' })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({ rejected: 2, rule: { reliability: 300, version: 'v0-bad', stageId: 'wk_kc_5', source: null, removedAt: null } })
    const ruleId = added.json().rule.id as number
    const withoutBad = await matrix()
    expect(withoutBad.find((e) => e.itemId === '2003')?.times).toBe((before.find((e) => e.itemId === '2003')?.times ?? 0) + 1)
    for (const h of bad) expect(await reliabilityOf(h)).toBe(300)
    expect(await reliabilityOf(honest)).toBe(0)
    expect(await reliabilityOf(broken)).toBe(6)

    // The next matching report is rejected when verified; an honest one is still counted.
    const next = await report({ version: 'v0-bad' })
    const honestAfter = await report()
    await ctx.app.aggregation.runOnce()
    expect(await reliabilityOf(next)).toBe(300)
    expect(await reliabilityOf(honestAfter)).toBe(0)
    const withRule = await matrix()
    expect(withRule.find((e) => e.itemId === '2003')?.times).toBe((withoutBad.find((e) => e.itemId === '2003')?.times ?? 0) + 1)
    expect((await send('GET', '/api/_/ops/rules')).json()).toEqual([expect.objectContaining({ id: ruleId, rejected: 3 })])

    // A second rule matching the same reports, added later, finds none counted; the first one's removal hands them over.
    const second = await send('POST', '/api/_/ops/rules', { reliability: 301, version: 'v0-bad' })
    expect(second.json().rejected).toBe(0)
    const handed = await send('DELETE', `/api/_/ops/rules/${ruleId}`)
    expect(handed.json()).toMatchObject({ restored: 0, moved: 3, rule: { id: ruleId, removedAt: expect.any(Number) } })
    for (const h of [...bad, next]) expect(await reliabilityOf(h)).toBe(301)
    expect(await matrix()).toEqual(withRule)
    expect((await send('DELETE', `/api/_/ops/rules/${ruleId}`)).json().code).toBe('NOT_FOUND')

    const removed = await send('DELETE', `/api/_/ops/rules/${second.json().rule.id}`)
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toMatchObject({ restored: 3, moved: 0 })
    for (const h of [...bad, next]) expect(await reliabilityOf(h)).toBe(0)
    expect(await reliabilityOf(broken)).toBe(6)
    // Exactly the figures of every report counted, as if there had never been a rule.
    const restored = await matrix()
    expect(restored).toEqual(
      counted.map((e) => {
        const runs = (withRule.find((w) => w.itemId === e.itemId)?.times ?? 0) - (withoutBad.find((w) => w.itemId === e.itemId)?.times ?? 0)
        const q = (withRule.find((w) => w.itemId === e.itemId)?.quantity ?? 0) - (withoutBad.find((w) => w.itemId === e.itemId)?.quantity ?? 0)
        // counted + the two reports sent while the rule was active (one rejected, then restored; one honest)
        return { itemId: e.itemId, times: e.times + 2 * runs, quantity: e.quantity + 2 * q }
      }),
    )
  })

  it('lists every change in the audit, newest first, with the token’s fingerprint and the before and after', async () => {
    const page = (await send('GET', '/api/_/ops/audit?limit=500')).json() as {
      entries: { actor: string; action: string; target: string; before: unknown; after: unknown }[]
      next: number | null
    }
    expect(page.entries.map((e) => e.action).reverse()).toEqual([
      'notice.add',
      'notice.edit',
      'notice.retire',
      'about.set',
      'about.clear',
      'about.set',
      'rule.add',
      'rule.add',
      'rule.remove',
      'rule.remove',
    ])
    expect(new Set(page.entries.map((e) => e.actor))).toEqual(new Set([FINGERPRINT]))
    expect(JSON.stringify(page.entries)).not.toContain(TOKEN)
    const edit = page.entries.find((e) => e.action === 'notice.edit')
    expect(edit).toMatchObject({ before: { severity: 1, content_i18n: NOTICE.content_i18n }, after: { severity: 0 } })
    expect(page.entries.find((e) => e.action === 'about.clear')).toMatchObject({ target: 'about', before: ABOUT, after: null })
    expect(page.entries.filter((e) => e.action === 'rule.add').at(-1)).toMatchObject({
      target: expect.stringMatching(/^rule:\d+$/),
      before: null,
      after: { rejectedNow: 2 },
    })
    expect(page.entries[0]).toMatchObject({ action: 'rule.remove', after: { restored: 3 } })
    const first = (await send('GET', '/api/_/ops/audit?limit=3')).json()
    expect(first.entries).toHaveLength(3)
    const second = (await send('GET', `/api/_/ops/audit?limit=3&before=${first.next}`)).json()
    expect(second.entries[0].id).toBe(first.next - 1)
    expect((await send('GET', '/api/_/ops/audit?limit=0')).statusCode).toBe(400)
  })
})
