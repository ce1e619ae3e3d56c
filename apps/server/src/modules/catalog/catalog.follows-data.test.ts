import type { Stage } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { addFutureEvent, FUTURE } from '../../testing/future-event'
import { SYNC_TOKEN, useSyncedApp } from '../../testing/game-data-mirror'
import { R } from '../../testing/reports'
import { dbTargets } from '../../testing/test-app'

const BASE = '/PenguinStats/api/v2'
const LISTS = ['/stages?server=CN', '/stages?server=US', '/items', '/zones', '/period']

/**
 * Issue 36, "caches follow the version": every reference list's validator names the game-data version, a cache
 * revalidating with the validator it holds gets 304 while the list is the same and the new list once a sync
 * applied a version, and every v2 answer says which version it was answered under (docs/api-extensions.md §3j).
 */
describe.each(dbTargets())('reference caches follow the game-data version on $name', (target) => {
  const env = useSyncedApp(target)

  const get = (url: string, headers: Record<string, string> = {}) => env.ctx.app.inject({ method: 'GET', url: `${BASE}${url}`, headers })
  const validators = async () => Object.fromEntries(await Promise.all(LISTS.map(async (l) => [l, String((await get(l)).headers.etag)] as const)))

  it('validates each list by version and body: 304 for the validator it sent, 200 for any other', async () => {
    for (const list of LISTS) {
      const first = await get(list)
      expect(first.statusCode, list).toBe(200)
      const etag = String(first.headers.etag)
      expect(etag, list).toMatch(/^W\/"1-[\w-]{16}"$/)
      expect(first.headers['x-dropwise-data-version'], list).toBe('1')
      const again = await get(list, { 'if-none-match': etag })
      expect(again.statusCode, list).toBe(304)
      expect(again.body, list).toBe('')
      expect(again.headers.etag, list).toBe(etag)
      // Among others, and the strong form a cache may send back: still the same list.
      expect((await get(list, { 'if-none-match': `W/"0-x", ${etag.slice(2)}` })).statusCode, list).toBe(304)
      expect((await get(list, { 'if-none-match': 'W/"1-aaaaaaaaaaaaaaaa"' })).statusCode, list).toBe(200)
      // Last-Modified is when this process built the body, not a version: it never earns a 304.
      expect((await get(list, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode, list).toBe(200)
    }
    // Two lists never share a validator (a hash of each body).
    expect(new Set(Object.values(await validators())).size).toBe(LISTS.length)
  })

  it('after a sync applies a version, the validators held before get the new lists, and every answer names it', async () => {
    const before = await validators()
    await addFutureEvent(env.mirror, Date.now())
    const sync = await env.ctx.app.inject({ method: 'POST', url: '/api/_/data/sync', headers: { authorization: `Bearer ${SYNC_TOKEN}` } })
    expect(sync.json().status).toMatchObject({ outcome: 'applied', version: 2 })

    for (const list of LISTS) {
      const res = await get(list, { 'if-none-match': before[list]! })
      expect(res.statusCode, list).toBe(200)
      expect(String(res.headers.etag), list).toMatch(/^W\/"2-/)
      expect(res.headers['x-dropwise-data-version'], list).toBe('2')
    }
    const cn = (await get('/stages?server=CN', { 'if-none-match': before['/stages?server=CN']! })).json<Stage[]>()
    expect(cn.map((s) => s.stageId)).toEqual(expect.arrayContaining([...FUTURE.stages]))

    // Any v2 answer carries it (a player's report answer too), and it is readable across origins.
    const report = await env.ctx.app.inject({
      method: 'POST',
      url: `${BASE}/report`,
      headers: { 'content-type': 'application/json', origin: 'https://example.org' },
      payload: JSON.stringify({ ...R, stageId: FUTURE.stages[0], drops: [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 }] }),
    })
    expect(report.statusCode).toBe(200)
    expect(report.headers['x-dropwise-data-version']).toBe('2')
    expect(String(report.headers['access-control-expose-headers'])).toContain('X-Dropwise-Data-Version')
    expect((await get('/config')).headers['x-dropwise-data-version']).toBe('2')
    expect((await get('/stages/nope')).headers['x-dropwise-data-version']).toBe('2')
  }, 120_000)
})
