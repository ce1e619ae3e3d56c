import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import type { ChangesFeed, ExportIndex, MatrixElement } from '@dropwise/schemas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addFutureEvent, FUTURE } from '../../testing/future-event'
import { startSourcesMirror, type SourcesMirror } from '../../testing/game-data-mirror'
import { parseCsv } from '../../testing/csv'
import { R } from '../../testing/reports'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { SIMULATED_RUNS_HEADER } from '../demo/demo-source'
import { SNAPSHOT_ATTRIBUTION } from './exports.build'

const TOKEN = 'test-ops-token-0123456789'
/** The freshness budget (docs/spec: what a player reports or a sync applies shows within 60 s). */
const FRESHNESS_MS = 60_000

/**
 * Issue 40 items 2-3 through the real app: the open-data snapshots (same bytes for the same data version,
 * 304 on a matching ETag, CSVs that parse with the attribution first, simulated demo reports left out) and
 * the changes feed (a version applied by a game-data sync listed within the freshness budget, bad input 400).
 */
describe.each(dbTargets())('open-data snapshots and the changes feed on $name', (target) => {
  let mirror: SourcesMirror
  let ctx: TestContext
  beforeAll(async () => {
    mirror = await startSourcesMirror()
    ctx = await createTestContext(target, { app: { gameData: { baseUrl: mirror.url, opsToken: TOKEN }, ops: { token: TOKEN } } })
  }, 120_000)
  afterAll(async () => {
    await ctx?.close()
    await mirror?.dispose()
  })

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers })
  const index = async () => (await get('/api/v2/export/snapshots')).json<ExportIndex>()
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
  const aggregate = async () => {
    while ((await ctx.app.aggregation.runOnce()).verified > 0);
    ctx.app.siteStats.invalidate()
    await ctx.app.matrix.settle()
  }
  const fileOf = async (url: string) => {
    const res = await get(url)
    expect(res.statusCode, url).toBe(200)
    return res.rawPayload
  }
  const jsonOf = async (url: string) =>
    JSON.parse(gunzipSync(await fileOf(url)).toString('utf8')) as {
      license: string
      attribution: string
      basis: { line: string; penguinUntil: number | null; upstream: string | null; reportedRuns: number }
      asOf: number
      dataVersion: { aggregates: number; gameData: number }
      matrix: (MatrixElement & { dropRate: number | null; stageCode: string; itemName: string })[]
      patternMatrix: unknown[]
      stats: { totalStageTimes: unknown[]; totalItemQuantities: unknown[]; totalApCost: number }
    }
  const tables = (f: Awaited<ReturnType<typeof jsonOf>>) => ({ matrix: f.matrix, patternMatrix: f.patternMatrix, stats: f.stats })

  it('takes today’s and the game-data version’s snapshot: files listed with sizes and SHA-256, the newest under latest', async () => {
    // A real report first, so the snapshot holds this instance's numbers too.
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/report', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(R) })
    expect(res.statusCode).toBe(200)
    await aggregate()
    expect((await index()).snapshots).toEqual([])
    expect((await get('/api/v2/export/snapshots/latest/CN.json.gz')).json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) })

    await ctx.app.exports.ensure()
    const idx = await index()
    const day = new Date().toISOString().slice(0, 10)
    expect(idx.snapshots.map((s) => s.id).sort()).toEqual([day, 'v1'].sort())
    expect(idx).toMatchObject({ license: 'CC BY-NC 4.0', keptDays: 30, latest: idx.snapshots[0]?.id })
    const snap = idx.snapshots.find((s) => s.id === 'v1')!
    expect(snap.files.map((f) => f.name).sort()).toEqual(
      ['CN', 'US', 'JP', 'KR'].flatMap((s) => [`${s}.json.gz`, `${s}-matrix.csv.gz`, `${s}-patterns.csv.gz`, `${s}-stats.csv.gz`]).sort(),
    )
    for (const f of snap.files.filter((x) => x.server === 'CN')) {
      const body = await fileOf(f.url)
      expect(body.length, f.name).toBe(f.bytes)
      expect(sha(body), f.name).toBe(f.sha256)
    }
    // The same data version twice (the daily and the version snapshot): the same bytes.
    const daily = idx.snapshots.find((s) => s.id === day)!
    expect(daily.files.map((f) => f.sha256)).toEqual(snap.files.map((f) => f.sha256))
    expect((await fileOf(`/api/v2/export/snapshots/latest/CN.json.gz`)).equals(await fileOf('/api/v2/export/snapshots/v1/CN.json.gz'))).toBe(true)

    // The JSON holds the licence, and the very figures the matrix serves.
    const cn = await jsonOf('/api/v2/export/snapshots/v1/CN.json.gz')
    expect(cn.license).toBe('CC BY-NC 4.0')
    expect(cn.attribution).toMatch(/Penguin Statistics.*CC BY-NC 4\.0.*Dropwise's contributors/)
    expect(cn.dataVersion.gameData).toBe(1)
    const served = (await get('/api/v2/result/matrix?server=CN&show_closed_zones=true')).json<{ matrix: MatrixElement[] }>().matrix
    expect(cn.matrix.length).toBe(served.length)
    const pick = ({ stageId, itemId, times, quantity, stdDev, start }: MatrixElement) => ({ stageId, itemId, times, quantity, stdDev, start })
    expect(cn.matrix.map(pick)).toEqual(served.map(pick))
    expect(cn.matrix.find((e) => e.stageId === R.stageId && e.itemId === R.drops[0]!.itemId)?.times).toBeGreaterThan(0)
    expect(cn.patternMatrix).toEqual(expect.arrayContaining([expect.objectContaining({ stageId: R.stageId })]))
    expect(cn.stats.totalApCost).toBeGreaterThan(0)
  }, 300_000)

  it('builds the same bytes again for the same data version', async () => {
    const stored = (await index()).snapshots.find((s) => s.id === 'v1')!
    const again = await ctx.app.exports.build()
    expect(again.files.map((f) => [f.name, f.sha256]).sort()).toEqual(stored.files.map((f) => [f.name, f.sha256]).sort())
    const cn = again.files.find((f) => f.name === 'CN-matrix.csv.gz')!
    expect(cn.body.equals(await fileOf('/api/v2/export/snapshots/v1/CN-matrix.csv.gz'))).toBe(true)
  }, 300_000)

  it('answers 304 to a matching If-None-Match, on a dated file, latest and the index', async () => {
    for (const url of ['/api/v2/export/snapshots/v1/CN.json.gz', '/api/v2/export/snapshots/latest/US-stats.csv.gz', '/api/v2/export/snapshots']) {
      const first = await get(url)
      const etag = String(first.headers.etag)
      expect(etag, url).toMatch(/^"[0-9a-f]{32,64}"$/)
      const again = await get(url, { 'if-none-match': etag })
      expect(again.statusCode, url).toBe(304)
      expect(again.body, url).toBe('')
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode, url).toBe(200)
    }
    const file = await get('/api/v2/export/snapshots/v1/CN.json.gz')
    expect(file.headers['content-type']).toBe('application/gzip')
    expect(file.headers['content-encoding']).toBeUndefined()
    expect(file.headers['content-disposition']).toBe('attachment; filename="dropwise-v1-CN.json.gz"')
  }, 120_000)

  it('writes CSVs that parse as CSV, the attribution line first', async () => {
    const rowsOf = async (name: string) => parseCsv(gunzipSync(await fileOf(`/api/v2/export/snapshots/v1/${name}`)).toString('utf8'))
    const matrix = await rowsOf('CN-matrix.csv.gz')
    expect(matrix[0]).toEqual([`# ${SNAPSHOT_ATTRIBUTION}`])
    // The basis with its date, as the footer states it (GET /basis): the history's fetch, the runs reported here.
    const basis = (await get('/api/v2/basis?server=CN')).json<{ imported: { until: number }; reported: Record<'automated' | 'manual', { runs: number }> }>()
    const runs = basis.reported.automated.runs + basis.reported.manual.runs
    expect(runs).toBeGreaterThan(0)
    const line = `# Basis: Penguin Statistics up to ${new Date(basis.imported.until).toISOString()}, plus ${runs} run${runs === 1 ? '' : 's'} reported here.`
    expect(matrix[1]).toEqual([line])
    expect(matrix[2]?.[0]).toMatch(/^# drop matrix server=CN asOf=\d{4}-\d\d-\d\dT.* dataVersion=aggregates:\d+ gameData:1$/)
    const header = matrix[3]!
    expect(header).toEqual(['stageId', 'stageCode', 'itemId', 'itemName', 'times', 'quantity', 'dropRate', 'stdDev', 'start', 'end'])
    const body = matrix.slice(4)
    expect(body.length).toBeGreaterThan(1000)
    for (const row of body) expect(row.length).toBe(header.length)
    const cn = await jsonOf('/api/v2/export/snapshots/v1/CN.json.gz')
    // Every row reads back as the JSON's row: the attribution above, holding commas, was one quoted field.
    expect(body.map((r) => [r[0], r[1], r[2], r[3], Number(r[4]), Number(r[5])])).toEqual(
      cn.matrix.map((e) => [e.stageId, e.stageCode, e.itemId, e.itemName, e.times, e.quantity]),
    )
    expect(cn.basis).toEqual({ line: line.slice(2), penguinUntil: basis.imported.until, upstream: null, reportedRuns: runs })
    const patterns = await rowsOf('CN-patterns.csv.gz')
    expect(patterns.slice(0, 2)).toEqual([[`# ${SNAPSHOT_ATTRIBUTION}`], [line]])
    expect(patterns[3]).toEqual(['stageId', 'stageCode', 'times', 'quantity', 'start', 'end', 'drops', 'dropNames'])
    expect(patterns.slice(4).length).toBe(cn.patternMatrix.length)
    const stats = await rowsOf('CN-stats.csv.gz')
    expect(stats.slice(0, 2)).toEqual([[`# ${SNAPSHOT_ATTRIBUTION}`], [line]])
    expect(stats.at(-1)).toEqual(['apCost', '', 'total sanity spent', String(cn.stats.totalApCost)])
  }, 120_000)

  it('serves a file decoded without .gz, for a browser or a spreadsheet: CSV text, gzip-encoded when accepted', async () => {
    const stored = await fileOf('/api/v2/export/snapshots/v1/CN-matrix.csv.gz')
    const plain = await get('/api/v2/export/snapshots/latest/CN-matrix.csv')
    expect(plain.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['content-disposition']).toBe('attachment; filename="dropwise-v1-CN-matrix.csv"')
    expect(plain.body).toBe(gunzipSync(stored).toString('utf8'))
    expect(parseCsv(plain.body)[0]).toEqual([`# ${SNAPSHOT_ATTRIBUTION}`])
    const encoded = await get('/api/v2/export/snapshots/v1/CN-matrix.csv', { 'accept-encoding': 'gzip' })
    expect(encoded.headers['content-encoding']).toBe('gzip')
    expect(encoded.rawPayload.equals(stored)).toBe(true)
    expect((await get('/api/v2/export/snapshots/v1/CN-matrix.csv', { 'if-none-match': String(plain.headers.etag) })).statusCode).toBe(304)
    const json = await get('/api/v2/export/snapshots/v1/KR.json')
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(json.json()).toMatchObject({ server: 'KR', license: 'CC BY-NC 4.0' })
  }, 120_000)

  it('leaves simulated demo reports out: their numbers change no table of a snapshot', async () => {
    const before = await ctx.app.exports.build()
    const { reports } = await ctx.app.demo.simulate({ reportsPerDay: 40, days: 2, seed: 7 })
    expect(reports).toBeGreaterThan(50)
    await aggregate()
    // The pattern answer counts them (and says so): the snapshot's pattern matrix does not.
    expect(Number((await get('/api/v2/result/pattern?server=CN')).headers[SIMULATED_RUNS_HEADER.toLowerCase()])).toBeGreaterThan(0)
    const after = await ctx.app.exports.build()
    expect(after.state.aggregatesVersion).toBeGreaterThan(before.state.aggregatesVersion)
    for (const name of ['CN.json.gz', 'US.json.gz']) {
      const read = (b: typeof before) => JSON.parse(gunzipSync(b.files.find((f) => f.name === name)!.body).toString('utf8')) as Awaited<ReturnType<typeof jsonOf>>
      expect(tables(read(after)), name).toEqual(tables(read(before)))
    }
    // CSV tables: only the line naming the data version differs (simulated runs are not "reported here": the basis line stays).
    const csvLines = (b: typeof before, name: string) =>
      gunzipSync(b.files.find((f) => f.name === name)!.body)
        .toString('utf8')
        .split('\r\n')
    for (const name of ['CN-matrix.csv.gz', 'CN-patterns.csv.gz', 'CN-stats.csv.gz']) {
      const [a, b] = [csvLines(after, name), csvLines(before, name)]
      expect(a.filter((_, i) => i !== 2)).toEqual(b.filter((_, i) => i !== 2))
    }
  }, 300_000)

  it('lists the version a game-data sync applies within the freshness budget, with the ids to refresh; ETag and 304', async () => {
    const none = await get('/api/v2/changes?since=1')
    expect(none.statusCode).toBe(200)
    expect(none.json<ChangesFeed>()).toMatchObject({ since: 1, current: { version: 1 }, versions: [] })
    const all = (await get('/api/v2/changes')).json<ChangesFeed>()
    expect(all.versions.map((v) => v.version)).toEqual([1])
    expect(all.versions[0]).toMatchObject({ origin: 'seed', snapshot: 'v1' })

    await mirror.reset()
    await addFutureEvent(mirror, Date.now())
    const sync = await ctx.app.inject({ method: 'POST', url: '/api/_/data/sync', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(sync.json().status).toMatchObject({ outcome: 'applied', version: 2 })
    const appliedAt = Date.now()
    let feed: ChangesFeed | null = null
    while (Date.now() - appliedAt < FRESHNESS_MS) {
      const res = await get('/api/v2/changes?since=1')
      feed = res.json<ChangesFeed>()
      if (feed.versions.length > 0) break
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const listedAfter = Date.now() - appliedAt
    expect(listedAfter).toBeLessThan(FRESHNESS_MS)
    expect(feed?.versions.map((v) => v.version)).toEqual([2])
    const v2 = feed!.versions[0]!
    expect(v2.origin).toBe('sync')
    expect(v2.changes.stages?.ids?.added).toEqual(expect.arrayContaining([...FUTURE.stages]))
    expect(v2.changes.items?.ids?.added).toContain(FUTURE.newItem)
    expect(v2.changes.zones?.ids?.added).toContain(FUTURE.zoneId)
    expect(v2.changes.dropInfos?.ids?.changed).toEqual(expect.arrayContaining(FUTURE.stages.map((s) => `CN|${s}`)))
    expect(feed!.current.version).toBe(2)
    expect(feed!.next).toBe(`/api/v2/changes?since=2&rules_since=${feed!.current.rules}`)
    // Nothing after the newest version: an empty feed, and 304 while it stays so.
    const latest = await get(feed!.next)
    expect(latest.json<ChangesFeed>().versions).toEqual([])
    const etag = String(latest.headers.etag)
    expect(latest.headers['cache-control']).toBe('public, max-age=10')
    expect((await get(feed!.next, { 'if-none-match': etag })).statusCode).toBe(304)

    // The version gets its snapshot, named by the feed.
    await ctx.app.exports.ensure()
    expect((await get('/api/v2/changes?since=1')).json<ChangesFeed>().versions[0]?.snapshot).toBe('v2')
    const v2File = await jsonOf('/api/v2/export/snapshots/v2/CN.json.gz')
    expect(v2File.dataVersion.gameData).toBe(2)
    expect((await index()).snapshots.map((s) => s.id)).toContain('v2')
  }, 300_000)

  it('lists rejection-rule changes; the feed moves (new ETag) and rules_since goes on from the newest', async () => {
    const before = await get('/api/v2/changes?since=2')
    const etag = String(before.headers.etag)
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/_/ops/rules',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ reliability: 300, server: 'CN', version: 'v0-broken', note: 'operator-only text' }),
    })
    expect(add.statusCode).toBe(201)
    const moved = await get('/api/v2/changes?since=2', { 'if-none-match': etag })
    expect(moved.statusCode).toBe(200)
    const feed = moved.json<ChangesFeed>()
    expect(feed.rules).toEqual([
      {
        id: feed.current.rules,
        at: expect.any(Number),
        action: 'added',
        rule: expect.objectContaining({ reliability: 300, server: 'CN', version: 'v0-broken', stageId: null }),
      },
    ])
    expect(JSON.stringify(feed)).not.toContain('operator-only text')
    expect((await get(feed.next)).json<ChangesFeed>().rules).toEqual([])
  }, 120_000)

  it('answers 400 {code, message} to a bad since, rules_since, snapshot or file', async () => {
    for (const url of [
      '/api/v2/changes?since=abc',
      '/api/v2/changes?since=-1',
      '/api/v2/changes?since=1.5',
      '/api/v2/changes?since=',
      '/api/v2/changes?since=999',
      '/api/v2/changes?since=1&rules_since=999999',
      '/PenguinStats/api/v2/changes?since=x',
      '/api/v2/export/snapshots/yesterday/CN.json.gz',
      '/api/v2/export/snapshots/v1/XX.json.gz',
      '/api/v2/export/snapshots/v1/CN.exe',
      '/api/v2/export/snapshots/2020-01-01/CN.json.gz',
    ]) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toEqual(expect.objectContaining({ code: expect.stringMatching(/^(INVALID_REQUEST|NOT_FOUND)$/), message: expect.any(String) }))
    }
    expect((await get('/api/v2/changes?since=999')).json().message).toMatch(/newer than this server's newest game-data version, 2/)
  }, 60_000)

  it('prunes snapshots older than 30 days, never the newest', async () => {
    const old = Date.now() - 31 * 24 * 3600 * 1000
    await sql`update export_snapshots set created_at = ${old}`.execute(ctx.db.kysely)
    await sql`delete from export_snapshots where snapshot_id <> 'v2'`.execute(ctx.db.kysely)
    await ctx.app.exports.ensure()
    const ids = (await index()).snapshots.map((s) => s.id)
    // Today's was taken again (it was gone), and v2, more than 30 days old, went.
    expect(ids).toEqual([new Date().toISOString().slice(0, 10)])
  }, 300_000)
})
