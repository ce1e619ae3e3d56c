import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addFutureEvent, FUTURE } from '../../testing/future-event'
import { startSourcesMirror, type SourcesMirror } from '../../testing/game-data-mirror'
import { createTestContext, dbTargets, type TestContext } from '../../testing/test-app'
import { prepareFromSources } from './game-data.prepare'
import { storedAfter } from './game-data.plan'
import { createGameDataRepository } from './game-data.repository'
import { DEFAULT_SYNC_DIR, seedShas } from './game-data.wire'

/**
 * The sync keeps its copy of the stored reference current after its own applies (storedAfter) instead of
 * reading every table again: the copy must be exactly what the database holds after the apply, for an
 * update that adds an event (groups replaced) and one that drops it again (open drop infos retired). On PGlite
 * only: the forms are the same on both databases (the sync and kill tests run the apply on PostgreSQL too).
 */
describe.each(dbTargets().filter((t) => t.name === 'pglite'))('the stored reference carried past an apply on $name', (target) => {
  let mirror: SourcesMirror
  let ctx: TestContext
  beforeAll(async () => {
    mirror = await startSourcesMirror()
    ctx = await createTestContext(target)
  }, 120_000)
  afterAll(async () => {
    await ctx?.close()
    await mirror?.dispose()
  })

  const step = async (at: number) => {
    const repository = createGameDataRepository(ctx.db)
    const before = await repository.stored()
    const base = await repository.currentVersion()
    const deps = { baseUrl: mirror.url, localDir: DEFAULT_SYNC_DIR, expectedSha: await seedShas(repository), fetch }
    const { sync, files } = await prepareFromSources(deps, await repository.baselineRows(), at, Promise.resolve(before))
    expect(sync.refusal).toBeNull()
    const outcome = await repository.apply(sync.plan, base, { appliedAt: at, asOf: at, sources: files, counts: sync.counts, changes: sync.changes })
    expect(outcome).toEqual({ applied: true, version: base + 1 })
    const carried = storedAfter(before, sync.plan)
    const read = await repository.stored()
    expect(carried.dropInfos.size).toBe(read.dropInfos.size)
    expect(carried).toEqual(read)
    return sync.plan
  }

  it('equals a fresh read after an event is added, and after it is gone again', async () => {
    const at = Date.now()
    await addFutureEvent(mirror, at)
    const added = await step(at)
    expect(added.replaceGroups.some((g) => g.server === 'CN' && g.stageId === FUTURE.stages[0])).toBe(true)
    expect(added.items.some((i) => i.itemId === FUTURE.newItem)).toBe(true)

    await mirror.reset()
    const gone = await step(at + 60_000)
    expect(gone.retireGroups.some((g) => g.server === 'CN' && g.stageId === FUTURE.stages[0])).toBe(true)
  }, 180_000)
})
