import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { buildSeed } from './build-seed'
import { compactHistory } from './history'
import { importSeed } from './import-seed'
import { loadRaw, type RawMatrixDump } from './raw'
import { ACCEPTANCE_MINIMUMS } from './self-check'
import { renderSeed } from './serialize'

// The shared raw data lives next to the repo: <repo>/../shared/data/raw.
const REAL_RAW = fileURLToPath(new URL('../../../../shared/data/raw', import.meta.url))

describe.skipIf(!existsSync(REAL_RAW))('real raw data', () => {
  it('meets the acceptance counts and keeps dump rows intact', async () => {
    const { seed } = await importSeed(REAL_RAW, { minCounts: ACCEPTANCE_MINIMUMS })
    expect(seed.items.length).toBeGreaterThanOrEqual(145)
    expect(seed.items.every((i) => i.name_i18n.zh && i.name_i18n.en && i.name_i18n.ja && i.name_i18n.ko)).toBe(true)
    expect(seed.stages.length).toBeGreaterThanOrEqual(1300)
    expect(seed.zones.length).toBeGreaterThanOrEqual(140)
    expect(seed.formulas.length).toBeGreaterThanOrEqual(37)
    // ArkPlanner maps every formula name (target, costs, by-products) to an item's zh name.
    const zhNames = new Map(seed.items.map((i) => [i.itemId, i.name_i18n.zh]))
    for (const f of seed.formulas) {
      for (const ref of [{ id: f.id, name: f.name }, ...f.costs, ...f.extraOutcome]) expect(zhNames.get(ref.id), ref.id).toBe(ref.name)
    }
    expect(seed.items.find((i) => i.itemId === '30165')).toMatchObject({ itemType: 'ARKPLANNER', rarity: 4 })

    const dump = JSON.parse(await readFile(`${REAL_RAW}/penguin-matrix/2025-06-21/penguin-stats-cn.json`, 'utf8')) as RawMatrixDump
    expect(dump.data).toHaveLength(11021)
    const cn = new Map(seed.matrices.CN.rows.map((r) => [`${r[0]}|${r[1]}`, r]))
    // Every dump row is in the baseline (2025-08-02 only adds new stages).
    expect(dump.data.every((r) => cn.has(`${r.stageId}|${r.itemId}`))).toBe(true)
    const closedEventStages = new Set([
      'act34side_01_rep',
      'act34side_02_rep',
      'act34side_03_rep',
      'act34side_04_rep',
      'act34side_05_rep',
      'act34side_06_rep',
      'act34side_07_rep',
    ])
    const sample = dump.data.filter((_, i) => i % 97 === 0 || _.stageId === 'main_01-07')
    for (const r of sample) {
      const row = cn.get(`${r.stageId}|${r.itemId}`)
      const end = closedEventStages.has(r.stageId) ? row?.[6] : r.end
      expect(row).toEqual([r.stageId, r.itemId, r.times, r.quantity, r.stdDev, r.start, end])
    }
    expect(cn.get('main_01-07|30012')?.[6]).toBeNull()
    expect(cn.get('main_01-07|randomMaterial_1')?.slice(5)).toEqual([1577174400000, 1578340800000])
    expect(seed.matrices.US.rows.length).toBeGreaterThanOrEqual(7161)
    expect(seed.matrices.JP.rows.length).toBeGreaterThanOrEqual(6003)
    expect(seed.matrices.KR.rows.length).toBeGreaterThanOrEqual(5746)
  })
})

describe.skipIf(!existsSync(REAL_RAW))('the compact toolbox history (the run-time sync reads it)', () => {
  it('derives the same seed as the whole history, and is a fraction of its size', async () => {
    const { data } = await loadRaw(REAL_RAW)
    const whole = renderSeed(buildSeed(data), [], data.history)
    const compact = compactHistory(data.history)
    const fromCompact = renderSeed(buildSeed({ ...data, history: compact }), [], data.history)
    for (const [name, text] of whole) expect(fromCompact.get(name), name).toBe(text)
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(data.history).length * 0.6)
    // Compacting what is already compact changes nothing (the sync folds new events into it the same way).
    expect(compactHistory(compact)).toEqual(compact)
  })
})
