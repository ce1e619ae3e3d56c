import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { NO_END_MS, SERVERS, type SeedMatrixRow, type Server } from '@dropwise/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSeedDir } from '../seed/seed-files'
import { startSourcesMirror, type SourcesMirror } from '../../testing/game-data-mirror'
import { SHARED_DATA_DIR } from '../../testing/test-app'
import { deriveFromSources, type SyncReference } from './game-data.derive'
import { canon, dropInfoForm, dropInfoKey, itemForm, periodForm, stageForm, zoneForm } from './game-data.mapper'
import { MAX_REMOVED_SHARE, planSync } from './game-data.plan'
import type { StoredReference } from './game-data.repository'
import { DEFAULT_SYNC_DIR } from './game-data.wire'

/** What the database would hold after applying `ref` (the same forms the repository reads back). */
const storedOf = (ref: SyncReference): StoredReference => ({
  items: new Map(ref.items.map((i) => [i.itemId, itemForm(i)])),
  zones: new Map(ref.zones.map((z) => [z.zoneId, zoneForm(z)])),
  stages: new Map(ref.stages.map((s) => [s.stageId, stageForm(s)])),
  periods: new Map(ref.periods.map((p) => [p.key, periodForm(p)])),
  dropInfos: new Map(
    ref.dropInfos.map((d) => [dropInfoKey(d), { form: dropInfoForm(d), group: `${d.server}|${d.stageId}`, startAt: d.start, endAt: d.end ?? NO_END_MS }]),
  ),
  formulas: canon(ref.formulas),
  operators: new Map(ref.operators.operators.map((o) => [o.id, canon(o)])),
  levels: canon(ref.operators.levels),
})

const DAY = 86_400_000
/** Just after the toolbox's earlier commit (2026-07-16) and after its later one (2026-08-20), README §1.6. */
const EARLIER_AT = Date.UTC(2026, 6, 17)
const LATER_AT = Date.UTC(2026, 7, 21)
const TOOLBOX_FILES = [...['stage', 'event', 'drop', 'zone'].map((f) => `assets/data/${f}.json`), ...['cn', 'us', 'jp', 'kr'].map((l) => `assets/locales/${l}/zone.json`)]

/**
 * Issue 36, the removal guard, on the real sources: a source that loses 30 % of its stages is refused with a
 * wide margin, measured against what that source provides; real updates (the toolbox's earlier → later
 * commit, event windows closing) apply.
 */
describe('the removal guard on the real sources', () => {
  let mirror: SourcesMirror
  let rows: Record<Server, SeedMatrixRow[]>
  let expectedSha: Map<string, string>
  const derive = async (at: number) => (await deriveFromSources({ baseUrl: mirror.url, localDir: DEFAULT_SYNC_DIR, expectedSha, fetch }, rows, at)).ref

  let later: SyncReference
  beforeAll(async () => {
    mirror = await startSourcesMirror()
    const seed = await readSeedDir(DEFAULT_SYNC_DIR)
    rows = Object.fromEntries(SERVERS.map((s) => [s, seed.matrices.find((m) => m.server === s)?.rows ?? []])) as Record<Server, SeedMatrixRow[]>
    expectedSha = new Map(seed.manifest.sources.map((s) => [s.path, s.sha256]))
    later = await derive(LATER_AT)
  }, 120_000)
  afterAll(async () => {
    await mirror?.dispose()
  })

  const worst = (plan: ReturnType<typeof planSync>) => Math.max(...plan.guards.map((g) => g.share))

  it("refuses MAA's stage list cut by 30 %: a server's open permanent stages (MAA's pools) that close or lose drops, far past the limit", async () => {
    const maa = await mirror.read<unknown[]>('maa/stages.json')
    await mirror.write('maa/stages.json', maa.slice(0, Math.floor(maa.length * 0.7)))
    try {
      const plan = planSync(await derive(LATER_AT), storedOf(later), LATER_AT)
      expect(plan.refusal).toMatch(/open (CN|US|JP|KR) permanent stages \(closed or losing drops\)/)
      // A wide margin: at least three times the limit, on every server.
      for (const s of SERVERS) {
        const g = plan.guards.find((x) => x.kind === `open ${s} permanent stages (closed or losing drops)`)
        expect(g?.share, s).toBeGreaterThan(3 * MAX_REMOVED_SHARE)
      }
    } finally {
      await mirror.reset()
    }
  }, 60_000)

  it('applies the same sources again with nothing removed', async () => {
    const plan = planSync(await derive(LATER_AT), storedOf(later), LATER_AT)
    expect(plan.refusal).toBeNull()
    expect(worst(plan)).toBe(0)
    expect(plan.empty).toBe(true)
  }, 60_000)

  it("applies the toolbox's real update (2026-07-16 → 2026-08-20) and the event windows that close after it", async () => {
    for (const f of TOOLBOX_FILES) await mirror.write(`toolbox/${f}`, await readFile(join(SHARED_DATA_DIR, 'raw/toolbox-2026-07-16', f), 'utf8'))
    let earlier: SyncReference
    try {
      earlier = await derive(EARLIER_AT)
    } finally {
      await mirror.reset()
    }
    const update = planSync(later, storedOf(earlier), LATER_AT)
    expect(update.refusal).toBeNull()
    expect(update.empty).toBe(false)
    expect(worst(update)).toBeLessThan(MAX_REMOVED_SHARE / 2)
    // Three weeks on, CN's act53side (to 2026-08-21) and the other windows of the time have closed.
    const closing = planSync(await derive(LATER_AT + 21 * DAY), storedOf(later), LATER_AT + 21 * DAY)
    expect(closing.refusal).toBeNull()
    expect(worst(closing)).toBeLessThan(MAX_REMOVED_SHARE / 2)
  }, 90_000)
})
