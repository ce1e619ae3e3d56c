import type { CraftCostWire, EfficiencyResponse } from '@dropwise/schemas'
import type { GuideStageRow } from './guide-model'

/*
 * The guide's "fewest sanity per item": every way to get one unit of an item, farmed at a stage or crafted,
 * priced with the same item values as the rest of the guide (the planner LP's duals, GET /efficiency), so the
 * cheapest way costs the item's own value and no way costs less.
 */

type StageDrop = GuideStageRow['drops'][number]

/** One unit of the item farmed at a stage; what else the run drops is counted at its value. */
export interface StageSource {
  kind: 'stage'
  row: GuideStageRow
  drop: StageDrop
  /** (sanity per run − the worth of the run's other drops) / units per run. */
  sanityPerItem: number
  /** 95 % interval of sanityPerItem from this drop's rate (the other drops' worth held fixed); hi null when unbounded. */
  interval: [number, number | null]
  /** This drop's rate is too uncertain to trust the figure (its own interval reaches over 10 % away). */
  wide: boolean
  /** Sanity per item when the run is for it alone, counting nothing else it drops (apCost / units per run). */
  alone: number
}

/** One unit of the item crafted, its materials and LMD paid at their values. */
export interface CraftSource {
  kind: 'craft'
  craft: CraftCostWire
  sanityPerItem: number
  /** The stages the materials come from, each by its own cheapest way (crafting again where that is cheaper). */
  farm: GuideStageRow[]
  wide: false
  /** Sanity per item when its materials are farmed, each its cheapest way, counting nothing else those runs drop. */
  alone: number
}

export type ItemSource = (StageSource | CraftSource) & {
  /** 1-based place in the list. */
  rank: number
}

type Unranked = StageSource | CraftSource

/** Figures equal to 6 decimals are ties: the LP's values hold to about 1e-9, and that noise must not order them. */
const key = (v: number) => Math.round(v * 1e6)

const code = (s: Unranked) => (s.kind === 'stage' ? s.row.code : '')

/**
 * Cheapest first; ties (the stages and the craft the planner uses all cost the value) go to a figure that can
 * be trusted, then to the lower sanity per item for the item alone (1-7 for Orirock Cube, crafting from cubes
 * for Orirock Cluster), then to a stage over crafting, then to the higher efficiency, then by code.
 */
const order = (a: Unranked, b: Unranked) =>
  key(a.sanityPerItem) - key(b.sanityPerItem) ||
  Number(a.wide) - Number(b.wide) ||
  a.alone - b.alone ||
  Number(a.kind === 'craft') - Number(b.kind === 'craft') ||
  (a.kind === 'stage' && b.kind === 'stage' ? key(b.row.efficiency) - key(a.row.efficiency) : 0) ||
  code(a).localeCompare(code(b), undefined, { numeric: true })

interface Context {
  rows: readonly GuideStageRow[]
  values: ReadonlyMap<string, number>
  crafts: ReadonlyMap<string, CraftCostWire>
}

const stageSources = (ctx: Context, itemId: string): StageSource[] => {
  const value = ctx.values.get(itemId) ?? 0
  return ctx.rows.flatMap((row): StageSource[] => {
    const drop = row.drops.find((d) => d.itemId === itemId)
    if (!drop || drop.perRun <= 0) return []
    // A stage at efficiency 1 (to the LP's 1e-6) loses nothing: its item costs exactly the value.
    const loss = key(row.efficiency) >= 1e6 ? 0 : row.apCost * (1 - row.efficiency)
    const sanityPerItem = value + loss / drop.perRun
    // The interval of the rate, on the figure: sanityPerItem scales with 1 / rate as apCost / rate does.
    const scale = sanityPerItem / drop.sanityPerItem
    const [lo, hi] = drop.interval
    return [{ kind: 'stage', row, drop, sanityPerItem, interval: [lo * scale, hi === null ? null : hi * scale], wide: drop.wide, alone: drop.sanityPerItem }]
  })
}

/** The depth of crafting chains followed for the stages to farm (the game's go five tiers deep at most). */
const MAX_DEPTH = 6

const sources = (ctx: Context, itemId: string, depth: number, seen: ReadonlySet<string>): Unranked[] => {
  const list: Unranked[] = stageSources(ctx, itemId)
  const craft = ctx.crafts.get(itemId)
  if (craft && depth < MAX_DEPTH && !seen.has(itemId)) {
    const inner = new Set([...seen, itemId])
    const farm = new Map<string, GuideStageRow>()
    let alone = 0
    for (const m of craft.materials) {
      // Each material its cheapest way: its best stage, or the stages behind its own materials when crafting it is cheapest.
      const best = sources(ctx, m.itemId, depth + 1, inner)[0]
      alone += m.count * (best?.alone ?? Number.POSITIVE_INFINITY)
      for (const row of best === undefined ? [] : best.kind === 'stage' ? [best.row] : best.farm) farm.set(row.stageId, row)
    }
    list.push({ kind: 'craft', craft, sanityPerItem: craft.sanityPerItem, farm: [...farm.values()], wide: false, alone })
  }
  return list.sort(order)
}

/**
 * Every way to get `itemId`, cheapest first: each stage that drops it (what else the run drops counted at its
 * value, so a stage the planner runs costs exactly the value) and, for a craftable item, crafting it from its
 * materials at their values, with the stages those materials are farmed at. A stage whose drop rate is too
 * uncertain keeps its place and is marked (`wide`). Pure; `rows` are the guide's stage rows of `response`.
 */
export const itemSources = (rows: readonly GuideStageRow[], response: Pick<EfficiencyResponse, 'values' | 'crafts'>, itemId: string): ItemSource[] => {
  const ctx: Context = {
    rows,
    values: new Map(response.values.map((v) => [v.itemId, v.value])),
    crafts: new Map(response.crafts.map((c) => [c.itemId, c])),
  }
  return sources(ctx, itemId, 0, new Set()).map((s, i) => ({ ...s, rank: i + 1 }))
}
