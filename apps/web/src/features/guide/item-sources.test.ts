import type { CraftCostWire, EfficiencyResponse } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { buildStage, buildZone, everywhere, i18n } from '../../testing/builders'
import { buildStageRows } from './guide-model'
import { itemSources } from './item-sources'

type WireStage = EfficiencyResponse['stages'][number]

// Values of a tiny economy: cube 1.5, cluster 5 cubes = 7.5 (+ LMD), concentration 4 clusters.
const VALUE = { cube: 1.5, cluster: 7.6, conc: 31, lmd: 0.004 }
const drop = (itemId: string, perRun: number, apCost: number, wide = false) => ({
  itemId,
  perRun,
  times: 1000,
  sanityPerItem: apCost / perRun,
  interval: [(apCost / perRun) * 0.95, (apCost / perRun) * 1.05] as [number, number | null],
  wide,
})
const wire = (stageId: string, apCost: number, efficiency: number, drops: WireStage['drops']): WireStage => ({
  stageId,
  apCost,
  efficiency,
  interval: [efficiency - 0.01, efficiency + 0.01],
  parts: { material: efficiency, lmd: 0, exp: 0 },
  used: efficiency === 1,
  wide: false,
  drops,
})
const craft = (itemId: string, sanityPerItem: number, materials: [string, number][], used = true): CraftCostWire => ({
  itemId,
  sanityPerItem,
  goldCost: 100,
  materials: materials.map(([m, count]) => ({ itemId: m, count })),
  used,
})
const response: Pick<EfficiencyResponse, 'stages' | 'values' | 'crafts'> = {
  stages: [
    // 1-7: the planner's cube stage (efficiency 1): a cube costs exactly its value there.
    wire('main_01-07', 6, 1, [drop('cube', 1.2, 6)]),
    // 2-3: at efficiency 1 too, but a higher sanity per cube for the cube alone: after 1-7.
    wire('main_02-03', 12, 1 - 1e-9, [drop('cube', 1, 12)]),
    // 4-6 drops a concentration now and then: (18 − 0.9·18 + 0.05·31) / 0.05 = 67 sanity each.
    wire('main_04-06', 18, 0.9, [drop('conc', 0.05, 18), drop('cube', 0.5, 18)]),
    // A cheap-looking cluster whose rate is uncertain: it keeps its place, marked.
    wire('main_03-01', 15, 0.99, [drop('cluster', 1, 15, true)]),
    // A stage the planner runs that drops a cluster now and then: at the value, a tie with crafting.
    wire('main_05-01', 18, 1, [drop('cluster', 0.03, 18)]),
  ],
  values: [
    { itemId: 'cube', value: VALUE.cube },
    { itemId: 'cluster', value: VALUE.cluster },
    { itemId: 'conc', value: VALUE.conc },
  ],
  crafts: [craft('cluster', VALUE.cluster, [['cube', 5]]), craft('conc', VALUE.conc + 1e-9, [['cluster', 4]])],
}
const catalog = {
  stagesById: new Map(
    ['main_01-07', 'main_02-03', 'main_04-06', 'main_03-01', 'main_05-01'].map((id) => [
      id,
      buildStage(id, { zoneId: 'main', code: id.slice(5).replace(/^0/, ''), code_i18n: i18n(id.slice(5).replace(/^0/, '')), existence: everywhere }),
    ]),
  ),
  zonesById: new Map([['main', buildZone('main', { type: 'MAINLINE', existence: everywhere })]]),
}
const rows = buildStageRows(response, catalog, 'CN', 'en')
const summary = (itemId: string) => itemSources(rows, response, itemId).map((s) => [s.kind === 'craft' ? 'craft' : s.row.stageId, Number(s.sanityPerItem.toFixed(4))])

describe('itemSources', () => {
  it('puts crafting first when it is cheaper than any stage, at the item value, and names the stages its materials come from', () => {
    const list = itemSources(rows, response, 'conc')
    expect(summary('conc')).toEqual([
      ['craft', 31],
      ['main_04-06', 67],
    ])
    const first = list[0]
    // Concentration ← 4 clusters ← crafted from cubes (cheaper than the cluster stage) ← 1-7.
    expect(first?.kind === 'craft' ? first.farm.map((r) => r.stageId) : null).toEqual(['main_01-07'])
    expect(list.map((s) => s.rank)).toEqual([1, 2])
  })

  it('counts what else a run drops at its value: a stage the planner runs costs exactly the value', () => {
    expect(summary('cube')).toEqual([
      ['main_01-07', 1.5],
      ['main_02-03', 1.5],
      // 4-6 at efficiency 0.9: (18 − 16.2 + 0.75) / 0.5.
      ['main_04-06', 5.1],
    ])
    const [first] = itemSources(rows, response, 'cube')
    // Its interval is the drop rate's, on the figure.
    expect(first?.kind).toBe('stage')
    const [lo, hi] = first?.kind === 'stage' ? first.interval : [Number.NaN, Number.NaN]
    expect(lo).toBeCloseTo(1.5 * 0.95, 9)
    expect(hi).toBeCloseTo(1.5 * 1.05, 9)
  })

  it('at a tie, the way that costs less for the item alone first; an uncertain stage keeps its place, marked', () => {
    const list = itemSources(rows, response, 'cluster')
    // Crafting and 5-01 both cost the value; crafting from 5 cubes farmed alone at 1-7 is 25 sanity, 5-01 alone 600.
    // 3-01: 7.6 + 15·0.01/1 = 7.75.
    expect(summary('cluster')).toEqual([
      ['craft', 7.6],
      ['main_05-01', 7.6],
      ['main_03-01', 7.75],
    ])
    expect(list.map((s) => s.alone)).toEqual([25, 600, 15])
    expect(list.map((s) => s.wide)).toEqual([false, false, true])
  })

  it('never lists a way below the value, and the first one costs the value', () => {
    for (const { itemId, value } of response.values) {
      const list = itemSources(rows, response, itemId)
      expect(list[0]!.sanityPerItem, itemId).toBeCloseTo(value, 6)
      for (const s of list) expect(s.sanityPerItem, itemId).toBeGreaterThanOrEqual(value - 1e-6)
    }
  })

  it('lists nothing for an item nothing drops or crafts', () => expect(itemSources(rows, response, 'none')).toEqual([]))
})
