import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../app'
import { parseEnv } from '../../config/env'
import { R } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { createProofKey } from './identity-proof'
import { IDENTITY_SECRET_KEY } from './identity-secret.repository'

const IDENTITY = 30
const GUESSES = 35
const auth = (id: string) => ({ authorization: `PenguinID ${id}` })
const PERSONAL = '/PenguinStats/api/v2/_private/result/matrix/CN/personal'

type Answer = Awaited<ReturnType<App['inject']>>
const cookies = (res: Answer) => {
  const raw = res.headers['set-cookie']
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]
}
const proofCookie = (res: Answer) => cookies(res).find((c) => c.startsWith('penguinIdProof='))
const proofOf = (res: Answer) => res.headers['x-penguin-proof'] as string

// Issue 37 item 4: a valid id behind the same address is never limited by others' guesses.
describe.each(dbTargets())('a PenguinID with its proof is never limited by guesses from its address, on $name', (target) => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext(target, { app: { identityLimitPerMinute: IDENTITY } })
  })
  afterAll(async () => ctx?.close())

  const inject = (app: App, method: 'GET' | 'POST', url: string, remoteAddress: string, headers: Record<string, string> = {}, payload?: unknown) =>
    app.inject({
      method,
      url,
      remoteAddress,
      headers: { ...(payload === undefined ? {} : { 'content-type': typeof payload === 'string' ? 'text/plain' : 'application/json' }), ...headers },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    })
  /** A new player: their first report, at their own address, gives them an id and its proof. */
  const newPlayer = async (app: App, ip: string) => {
    const first = await inject(app, 'POST', '/api/v2/report', ip, {}, R)
    expect(first.statusCode).toBe(200)
    return { id: first.headers['x-penguin-set-penguinid'] as string, proof: proofOf(first), first }
  }
  /** Someone at `ip` spends its identity budget on ids that name nobody. */
  const guess = async (app: App, ip: string, base: number) => {
    const codes: number[] = []
    for (let k = 0; k < GUESSES; k++) codes.push((await inject(app, 'GET', PERSONAL, ip, auth(String(base + k)))).statusCode)
    expect(codes.slice(IDENTITY)).toEqual(Array(GUESSES - IDENTITY).fill(429))
  }
  // What a prober sees of one answer (as identity-guard.test.ts).
  const seen = (res: Answer) => `${res.statusCode} ${res.headers['x-penguin-set-penguinid'] === undefined ? '-' : 'new id'} ${res.json().code ?? ''}`

  it('announces the proof with a new id and a login: header and an HttpOnly cookie as long-lived as userID', async () => {
    const { id, proof, first } = await newPlayer(ctx.app, '10.90.0.1')
    expect(proof).toMatch(/^v1\.[A-Za-z0-9_-]{43}$/)
    const cookie = proofCookie(first)
    expect(cookie).toBe(`penguinIdProof=${proof}; Max-Age=313560000; Path=/; HttpOnly; SameSite=Lax`)
    expect(cookies(first).find((c) => c.startsWith('userID='))).toContain('Max-Age=313560000; Path=/')
    const login = await inject(ctx.app, 'POST', '/api/v2/users', '10.90.0.2', {}, id)
    expect([login.statusCode, proofOf(login), proofCookie(login)]).toEqual([200, proof, cookie])
    const cors = await inject(ctx.app, 'POST', '/api/v2/users', '10.90.0.3', { origin: 'https://example.org' }, id)
    expect(String(cors.headers['access-control-expose-headers'])).toContain('X-Penguin-Proof')
  })

  it('after 30+ bad guesses from an address, a valid id new to it is answered with its proof cookie, and refused without', async () => {
    const { id, proof } = await newPlayer(ctx.app, '10.91.0.1')
    const shared = '10.91.9.9'
    await guess(ctx.app, shared, 510_000_000)
    const started = performance.now()
    const mine = await inject(ctx.app, 'GET', PERSONAL, shared, { ...auth(id), cookie: `penguinIdProof=${proof}` })
    const ms = performance.now() - started
    expect(mine.statusCode).toBe(200)
    expect((mine.json() as { matrix: unknown[] }).matrix.length).toBeGreaterThan(0)
    console.info(`[identity-proof ${target.name}] ${GUESSES} bad guesses, then a valid id new to the address with its proof: ${mine.statusCode} in ${ms.toFixed(1)} ms`)
    // Without its proof the same id is a guess like any other: refused alike.
    expect(seen(await inject(ctx.app, 'GET', PERSONAL, shared, auth(id)))).toBe('429 - TOO_MANY_REQUESTS')
    // With the proof, on every route the guard covers: the browser's cookie pair, a login, a report, held reports.
    const cookie = { cookie: `userID=${id}; penguinIdProof=${proof}` }
    expect((await inject(ctx.app, 'GET', '/api/v2/result/matrix?is_personal=true', shared, cookie)).statusCode).toBe(200)
    expect((await inject(ctx.app, 'POST', '/api/v2/users', shared, { cookie: `penguinIdProof=${proof}` }, id)).statusCode).toBe(200)
    const again = await inject(ctx.app, 'POST', '/api/v2/report', shared, cookie, R)
    expect([again.statusCode, again.headers['x-penguin-set-penguinid']]).toEqual([200, undefined])
    expect((await inject(ctx.app, 'GET', '/api/v2/_private/report/held', shared, cookie)).statusCode).toBe(200)
    // A login without the proof is still refused.
    expect((await inject(ctx.app, 'POST', '/api/v2/users', shared, {}, id)).statusCode).toBe(429)
  })

  it('hands the proof to an id accepted without it (a player from before proofs), which then passes the guesses of a shared address', async () => {
    // A player whose device never got a proof: the id alone, from their own address.
    const { id, proof } = await newPlayer(ctx.app, '10.95.0.1')
    const home = await inject(ctx.app, 'GET', PERSONAL, '10.95.0.1', auth(id))
    expect(home.statusCode).toBe(200)
    expect([proofOf(home), proofCookie(home)]).toEqual([proof, expect.stringMatching(/^penguinIdProof=v1\.[^;]+; Max-Age=313560000; Path=\/; HttpOnly; SameSite=Lax$/)])
    // Accepted from the identity budget at a new address: handed the proof too, once, beside the login's userID.
    const login = await inject(ctx.app, 'POST', '/api/v2/users', '10.95.0.2', {}, id)
    expect([login.statusCode, proofOf(login)]).toEqual([200, proof])
    expect(cookies(login).filter((c) => c.startsWith('penguinIdProof=')).length).toBe(1)
    expect(cookies(login).filter((c) => c.startsWith('userID=')).length).toBe(1)
    // What that proof is worth: the same player at a shared address where someone spent its budget.
    const shared = '10.95.9.9'
    await guess(ctx.app, shared, 530_000_000)
    expect((await inject(ctx.app, 'GET', PERSONAL, shared, { ...auth(id), cookie: `penguinIdProof=${proofOf(home)}` })).statusCode).toBe(200)
    // Another site's page that names the id in a header is answered, but given no proof (it is not this site's to keep).
    const foreign = await inject(ctx.app, 'GET', PERSONAL, '10.95.0.1', { ...auth(id), origin: 'https://example.org' })
    expect([foreign.statusCode, proofOf(foreign), proofCookie(foreign)]).toEqual([200, undefined, undefined])
    // An unknown id is given nothing, and an id with its proof is not given it again.
    expect(proofOf(await inject(ctx.app, 'GET', PERSONAL, '10.95.0.3', auth('987654321')))).toBeUndefined()
    expect(proofOf(await inject(ctx.app, 'GET', PERSONAL, '10.95.0.1', { ...auth(id), cookie: `penguinIdProof=${proof}` }))).toBeUndefined()
  })

  it('takes the proof from the X-Penguin-Proof header too (clients without cookies)', async () => {
    const { id, proof } = await newPlayer(ctx.app, '10.92.0.1')
    const shared = '10.92.9.9'
    await guess(ctx.app, shared, 520_000_000)
    const mine = await inject(ctx.app, 'GET', PERSONAL, shared, { ...auth(id), 'x-penguin-proof': proof })
    expect(mine.statusCode).toBe(200)
    expect((mine.json() as { matrix: unknown[] }).matrix.length).toBeGreaterThan(0)
    const report = await inject(ctx.app, 'POST', '/api/v2/report', shared, { ...auth(id), 'x-penguin-proof': proof }, R)
    expect(report.statusCode).toBe(200)
  })

  it('gives no exemption for a forged proof or the proof of another id, and answers them as without one', async () => {
    const a = await newPlayer(ctx.app, '10.93.0.1')
    const b = await newPlayer(ctx.app, '10.93.0.2')
    const shared = '10.93.9.9'
    await guess(ctx.app, shared, 530_000_000)
    const tail = a.proof.slice(-1) === 'A' ? 'B' : 'A'
    const wrong: Record<string, string>[] = [
      { 'x-penguin-proof': b.proof },
      { cookie: `penguinIdProof=${b.proof}` },
      { 'x-penguin-proof': a.proof.slice(0, -1) + tail },
      { 'x-penguin-proof': a.proof.slice(3) },
      { 'x-penguin-proof': 'v1.' },
      { 'x-penguin-proof': createProofKey('a guess at the secret, long enough').sign(a.id) },
    ]
    for (const headers of wrong)
      expect(seen(await inject(ctx.app, 'GET', PERSONAL, shared, { ...auth(a.id), ...headers })), JSON.stringify(headers)).toBe('429 - TOO_MANY_REQUESTS')
    // An id that names nobody, with or without a made-up proof, is refused in the very same words.
    expect(seen(await inject(ctx.app, 'GET', PERSONAL, shared, { ...auth('539999999'), 'x-penguin-proof': a.proof }))).toBe('429 - TOO_MANY_REQUESTS')
    // Before the budget is spent, a wrong proof changes nothing either: an unknown id is answered as without one.
    const fresh = '10.93.8.8'
    const plain = seen(await inject(ctx.app, 'GET', PERSONAL, fresh, auth('538888881')))
    expect(seen(await inject(ctx.app, 'GET', PERSONAL, fresh, { ...auth('538888882'), 'x-penguin-proof': b.proof }))).toBe(plain)
  })

  it('replays the proof with a keyed report answer', async () => {
    const headers = { 'x-penguin-idempotency-key': 'Proof37k0001' }
    const first = await inject(ctx.app, 'POST', '/api/v2/report', '10.94.0.1', headers, R)
    const replay = await inject(ctx.app, 'POST', '/api/v2/report', '10.94.0.1', headers, R)
    expect(replay.headers['x-penguin-idempotency']).toBe('hit')
    expect(proofOf(replay)).toBe(proofOf(first))
    expect(proofCookie(replay)).toBe(proofCookie(first))
    expect(proofOf(first)).toBe(createProofKey(await secretRow()).sign(first.headers['x-penguin-set-penguinid'] as string))
  })

  const secretRow = async () =>
    (await ctx.db.kysely.selectFrom('properties').select('value').where('key', '=', IDENTITY_SECRET_KEY).executeTakeFirstOrThrow()).value as string

  it('shares the generated secret between two app instances on one database', async () => {
    // The second instance sits behind a proxy that speaks https: there the proof cookie is Secure.
    const other = await buildApp({ db: ctx.db, webDist: null, identityLimitPerMinute: IDENTITY, trustProxy: true })
    try {
      const https = await inject(other, 'POST', '/api/v2/report', '10.95.1.1', { 'x-forwarded-proto': 'https' }, R)
      expect(proofCookie(https)).toMatch(/; HttpOnly; SameSite=Lax; Secure$/)
      const { id, proof } = await newPlayer(other, '10.95.0.1')
      expect(proof).toBe(createProofKey(await secretRow()).sign(id))
      // Guesses at the first instance; the proof the second one gave is good there.
      const shared = '10.95.9.9'
      await guess(ctx.app, shared, 550_000_000)
      expect((await inject(ctx.app, 'GET', PERSONAL, shared, { ...auth(id), 'x-penguin-proof': proof })).statusCode).toBe(200)
      const login = await inject(ctx.app, 'POST', '/api/v2/users', '10.95.0.2', {}, id)
      expect(proofOf(login)).toBe(proof)
    } finally {
      await other.close()
    }
  })

  it('signs with IDENTITY_SECRET when the operator sets it, and ignores the stored one then', async () => {
    const secret = 'an operator secret of at least thirty-two characters'
    expect(parseEnv({ IDENTITY_SECRET: secret }).IDENTITY_SECRET).toBe(secret)
    expect(() => parseEnv({ IDENTITY_SECRET: 'short' })).toThrow(/IDENTITY_SECRET/)
    const operated = await buildApp({ db: ctx.db, webDist: null, identityLimitPerMinute: IDENTITY, identitySecret: secret })
    try {
      const { id, proof } = await newPlayer(operated, '10.96.0.1')
      expect(proof).toBe(createProofKey(secret).sign(id))
      expect(proof).not.toBe(createProofKey(await secretRow()).sign(id))
      const shared = '10.96.9.9'
      await guess(operated, shared, 560_000_000)
      expect((await inject(operated, 'GET', PERSONAL, shared, { ...auth(id), 'x-penguin-proof': proof })).statusCode).toBe(200)
      // The stored secret's proof of the same id is no proof here.
      const stored = createProofKey(await secretRow()).sign(id)
      expect((await inject(operated, 'GET', PERSONAL, shared, { ...auth(id), 'x-penguin-proof': stored })).statusCode).toBe(429)
    } finally {
      await operated.close()
    }
  })
})
