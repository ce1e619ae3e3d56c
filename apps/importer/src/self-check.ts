import {
  SeedDropInfoSchema,
  SeedFormulaSchema,
  SeedItemSchema,
  SeedMatrixSchema,
  SeedNoticeSchema,
  seedOperatorsSchema,
  SeedPeriodSchema,
  SeedPronSchema,
  SeedStageSchema,
  SeedZoneSchema,
} from '@dropwise/schemas'
import type { SeedOperators } from '@dropwise/schemas'
import type { Seed } from './build-seed'
import { currentPeriods } from './segments'
import { pairKey, SERVERS } from './util'

/**
 * The instant the seed describes ("now" for openness checks). The importer never reads the clock, so the
 * output is reproducible; bump this when re-importing newer raw data.
 */
export const REFERENCE_NOW_MS = Date.UTC(2026, 10, 21)
/**
 * How current the seed's game data is: the date of its newest raw input (MaaResource 20e5566, 2026-08-21;
 * ../shared/data/README.md §1.4). Game-data version 1 says "as of" this, not the later reference instant.
 */
export const SOURCES_AS_OF_MS = Date.UTC(2026, 7, 21)

/** Acceptance minimums for the real raw data (issue acceptance lines; `pron`: issue 17, at least one per zone). */
export const ACCEPTANCE_MINIMUMS = { items: 145, zones: 140, stages: 1300, formulas: 37, 'matrixRows.CN': 11021, pron: 140 } as const

/** The seed build's minimums: the reference data's and every operator of the toolbox's 2026-08-20 data (425). */
export const SEED_ACCEPTANCE_MINIMUMS = { ...ACCEPTANCE_MINIMUMS, operators: 425 } as const

/** The part of a zod schema the check uses (keeps the importer free of a direct zod dependency). */
interface Parser {
  safeParse: (x: unknown) => { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
}

export interface SelfCheckOptions {
  minCounts?: Record<string, number>
  /** The instant at which no ended event may still be open (default REFERENCE_NOW_MS; the run-time sync passes its clock). */
  referenceNowMs?: number
}

export const seedCounts = (seed: Seed): Record<string, number> => {
  const counts: Record<string, number> = {
    items: seed.items.length,
    zones: seed.zones.length,
    stages: seed.stages.length,
    formulas: seed.formulas.length,
    periods: seed.periods.length,
    notices: seed.notices.length,
    pron: Object.keys(seed.pron.zh).length,
  }
  if (seed.operators) counts.operators = seed.operators.operators.length
  for (const s of SERVERS) {
    counts[`matrixRows.${s}`] = seed.matrices[s].rows.length
    counts[`dropInfos.${s}`] = seed.dropInfos.filter((d) => d.server === s).length
    counts[`openStages.${s}`] = seed.stats.dropInfos.openStages[s]
  }
  return counts
}

/**
 * Operators: the schema, unique ids, every cost naming a known item (or a module token), the level table covering
 * each rarity's phases, and at least one server per operator.
 */
const checkOperators = (seedOperators: SeedOperators, itemIds: ReadonlySet<string>): string[] => {
  const problems: string[] = []
  const parsed = seedOperatorsSchema.safeParse(seedOperators)
  if (!parsed.success) return parsed.error.issues.slice(0, 10).map((e) => `operators.${e.path.map(String).join('.')} does not parse: ${e.message}`)
  const { levels, operators } = seedOperators
  const seen = new Set<string>()
  for (const op of operators) {
    if (seen.has(op.id)) problems.push(`operator ${op.id}: listed twice`)
    seen.add(op.id)
    if (op.servers.length === 0) problems.push(`operator ${op.id}: released on no server`)
    const caps = levels.maxLevel[op.star - 1]
    if (caps === undefined) problems.push(`operator ${op.id}: no level caps for ${op.star} stars`)
    else if ((levels.eliteLmd[op.star - 1]?.length ?? -1) !== caps.length - 1) problems.push(`operator ${op.id}: promotion LMD does not match the ${op.star}-star phases`)
    else if (caps.some((cap, e) => (levels.exp[e]?.length ?? 0) < cap - 1 || (levels.lmd[e]?.length ?? 0) < cap - 1))
      problems.push(`operator ${op.id}: the level table does not reach the ${op.star}-star caps`)
    const costs = [...op.elite, ...op.skills, ...op.masteries.flatMap((m) => m.costs), ...op.modules.flatMap((m) => m.costs)]
    for (const id of new Set(costs.flatMap((c) => Object.keys(c))))
      if (!itemIds.has(id) && !MODULE_TOKENS.has(id) && !DUAL_CHIP.test(id)) problems.push(`operator ${op.id}: unknown item ${id}`)
  }
  return problems
}
const MODULE_TOKENS: ReadonlySet<string> = new Set(['mod_unlock_token', 'mod_update_token_1', 'mod_update_token_2'])
/** The eight dual chips (3213 Vanguard … 3283 Specialist): made in the workshop, never dropped, so not Penguin items. */
const DUAL_CHIP = /^32[1-8]3$/

/**
 * Verifies the seed before anything is written: every record parses with the seed schemas, references resolve,
 * the period invariant holds for every baseline row, no ended event stays open, and (for real data) the counts
 * meet the acceptance minimums. Returns human-readable problems; empty = fine.
 */
export const selfCheck = (seed: Seed, options: SelfCheckOptions = {}): string[] => {
  const problems: string[] = []
  const add = (p: string) => {
    if (problems.length < 50) problems.push(p)
    else if (problems.length === 50) problems.push('… more problems omitted')
  }
  const parseAll = (name: string, schema: Parser, list: readonly unknown[]) => {
    list.forEach((x, i) => {
      const r = schema.safeParse(x)
      if (!r.success) add(`${name}[${i}] does not parse: ${r.error.issues.map((e) => `${e.path.map(String).join('.')}: ${e.message}`).join('; ')}`)
    })
  }
  parseAll('items', SeedItemSchema, seed.items)
  parseAll('zones', SeedZoneSchema, seed.zones)
  parseAll('stages', SeedStageSchema, seed.stages)
  parseAll('dropInfos', SeedDropInfoSchema, seed.dropInfos)
  parseAll('formulas', SeedFormulaSchema, seed.formulas)
  parseAll('periods', SeedPeriodSchema, seed.periods)
  parseAll('notices', SeedNoticeSchema, seed.notices)
  parseAll('matrices', SeedMatrixSchema, Object.values(seed.matrices))
  parseAll('pron', SeedPronSchema, [seed.pron])

  const itemIds = new Set(seed.items.map((i) => i.itemId))
  const zoneIds = new Set(seed.zones.map((z) => z.zoneId))
  const stageById = new Map(seed.stages.map((s) => [s.stageId, s]))
  const zoneById = new Map(seed.zones.map((z) => [z.zoneId, z]))
  for (const s of seed.stages) if (!zoneIds.has(s.zoneId)) add(`stage ${s.stageId}: unknown zone ${s.zoneId}`)
  for (const d of seed.dropInfos) {
    if (!stageById.has(d.stageId)) add(`drop info on unknown stage ${d.stageId}`)
    if (d.itemId !== null && !itemIds.has(d.itemId)) add(`drop info on ${d.stageId}: unknown item ${d.itemId}`)
  }

  const periods = currentPeriods(seed.dropInfos)
  for (const s of SERVERS) {
    for (const [stageId, itemId, , , , start, end] of seed.matrices[s].rows) {
      if (!stageById.has(stageId)) add(`matrix ${s}: unknown stage ${stageId}`)
      if (!itemIds.has(itemId)) add(`matrix ${s}: unknown item ${itemId}`)
      if (!stageById.get(stageId)?.existence[s].exist) add(`matrix ${s}: stage ${stageId} has rows but does not exist on ${s}`)
      const p = periods.get(`${s}:${pairKey(stageId, itemId)}`)
      if (!p) add(`invariant ${s} ${stageId}/${itemId}: no item-level drop info`)
      else if (p.start !== start || p.end !== end) add(`invariant ${s} ${stageId}/${itemId}: current period [${p.start}, ${p.end}) ≠ baseline [${start}, ${end})`)
    }
  }
  const refNow = options.referenceNowMs ?? REFERENCE_NOW_MS
  for (const d of seed.dropInfos) {
    const zone = zoneById.get(stageById.get(d.stageId)?.zoneId ?? '')
    const openNow = d.start <= refNow && (d.end === null || d.end > refNow)
    // Open is right only while the event's own window on that server runs (a sync sees events that run now).
    const w = zone?.existence[d.server]
    const running = w?.exist === true && (w.openTime ?? Infinity) <= refNow && (w.closeTime ?? Infinity) > refNow
    if (zone?.type === 'ACTIVITY' && openNow && !running) add(`event stage ${d.server} ${d.stageId} is still open at the reference instant`)
  }

  const counts = seedCounts(seed)
  for (const [key, min] of Object.entries(options.minCounts ?? {})) {
    if ((counts[key] ?? 0) < min) add(`count ${key} = ${counts[key] ?? 0}, expected at least ${min}`)
  }
  if (seed.operators) for (const p of checkOperators(seed.operators, itemIds)) add(p)
  const incompleteNames = seed.items.filter((i) => !i.name_i18n.zh || !i.name_i18n.en || !i.name_i18n.ja || !i.name_i18n.ko)
  for (const i of incompleteNames) add(`item ${i.itemId} lacks a name in some language`)
  return problems
}
