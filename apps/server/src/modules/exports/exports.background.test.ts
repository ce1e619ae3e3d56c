import type { ChangesFeed, ExportIndex } from '@dropwise/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../app'
import { addFutureEvent, FUTURE } from '../../testing/future-event'
import { startSourcesMirror, type SourcesMirror } from '../../testing/game-data-mirror'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'

/** The freshness budget (docs/api-extensions.md §5: new data shows within 60 s). */
const FRESHNESS_MS = 60_000

/**
 * Issue 40 items 2-3 as deployed: a background process syncs the game data on its own timer and takes the
 * snapshots; another process on the same database serves the feed and the files.
 */
describe.each(dbTargets())('the feed and the snapshots follow a background game-data sync on $name', (target) => {
  let mirror: SourcesMirror
  let ctx: TestContext
  let background: App
  beforeAll(async () => {
    mirror = await startSourcesMirror()
    ctx = await createTestContext(target)
    await addFutureEvent(mirror, Date.now())
    background = await buildApp({ db: ctx.db, webDist: null, background: true, gameData: { baseUrl: mirror.url, enabled: true, intervalS: 5 } })
    await background.ready()
  }, 120_000)
  afterAll(async () => {
    await background?.close()
    await ctx?.close()
    await mirror?.dispose()
  })

  const get = async <T>(url: string) => (await ctx.app.inject({ method: 'GET', url })).json<T>()
  const until = async <T>(what: string, read: () => Promise<T>, done: (t: T) => boolean, withinMs: number) => {
    const start = Date.now()
    for (;;) {
      const value = await read()
      if (done(value)) return { value, ms: Date.now() - start }
      if (Date.now() - start > withinMs) throw new Error(`${what}: not within ${withinMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  it('lists the version the sync applied within the freshness budget of its apply, and takes its snapshot', async () => {
    const { value: feed } = await until(
      'the synced version in the feed',
      () => get<ChangesFeed>('/api/v2/changes?since=1'),
      (f) => f.versions.length > 0,
      180_000,
    )
    const listedAt = Date.now()
    const v2 = feed.versions[0]!
    expect(v2).toMatchObject({ version: 2, origin: 'sync' })
    // From the apply's commit (another process) to the feed listing it: the feed reads the database at each request.
    expect(listedAt - v2.appliedAt).toBeLessThan(FRESHNESS_MS)
    expect(v2.changes.stages?.ids?.added).toEqual(expect.arrayContaining([...FUTURE.stages]))

    // The background process takes the version's snapshot by itself, and today's with it (v1 was superseded before its first check).
    const { value: index } = await until(
      'the version snapshot',
      () => get<ExportIndex>('/api/v2/export/snapshots'),
      (i) => i.snapshots.some((s) => s.id === 'v2'),
      FRESHNESS_MS,
    )
    expect(index.snapshots.map((s) => s.id).sort()).toEqual([new Date().toISOString().slice(0, 10), 'v2'].sort())
    expect(index.latest).toBe('v2')
    expect((await get<ChangesFeed>('/api/v2/changes?since=1')).versions[0]?.snapshot).toBe('v2')
  }, 300_000)
})
