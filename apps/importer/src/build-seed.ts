import type { SeedDropInfo, SeedFormula, SeedItem, SeedMatrix, SeedNotice, SeedPeriod, SeedPron, SeedStage, SeedZone, Server } from '@dropwise/schemas'
import type { DropInfoStats } from './drop-infos'
import { buildDropInfos } from './drop-infos'
import { buildFormulas } from './formulas'
import { buildItems } from './items'
import { closeFinishedEventRows, collectMatrixRows, toSeedMatrix } from './matrix'
import { buildPeriods } from './periods'
import { buildPron } from './pinyin'
import type { RawData } from './raw'
import { buildStages, planStageZones } from './stages'
import { SERVERS } from './util'
import { buildZones } from './zones'

export interface ImportStats {
  dropInfos: DropInfoStats
  /** Open event rows of the dump closed at their zone's close time, per server. */
  closedEventRows: Record<Server, number>
  reshapedStages: Record<Server, string[]>
  skippedReshapedStages: Record<Server, string[]>
  unnamedPeriods: number
}

export interface Seed {
  items: SeedItem[]
  zones: SeedZone[]
  stages: SeedStage[]
  dropInfos: SeedDropInfo[]
  matrices: Record<Server, SeedMatrix>
  formulas: SeedFormula[]
  periods: SeedPeriod[]
  notices: SeedNotice[]
  /** Pinyin of the Chinese zone names and stage codes (issue 17). */
  pron: SeedPron
  stats: ImportStats
}

/** Pure: raw data in, seed records out (no file system, no clock). */
export const buildSeed = (raw: RawData): Seed => {
  const collected = collectMatrixRows(raw)
  const stagesWithRows = {} as Record<Server, Set<string>>
  const referencedItems = new Set<string>()
  for (const s of SERVERS) {
    stagesWithRows[s] = new Set(collected.rows[s].map((r) => r[0]))
    for (const r of collected.rows[s]) referencedItems.add(r[1])
  }
  for (const m of raw.maaStages) for (const d of m.dropInfos) referencedItems.add(d.itemId)
  // Formulas name their items too (ArkPlanner maps formula names to item names): a craft-only
  // material such as 30165 must be an item even though no stage drops it.
  const formulas = buildFormulas(raw)
  const craftOnly = new Set<string>()
  for (const f of formulas) {
    for (const id of [f.id, ...f.costs.map((c) => c.id), ...f.extraOutcome.map((o) => o.id)]) {
      if (!referencedItems.has(id)) craftOnly.add(id)
    }
  }
  const items = buildItems(raw, new Set([...referencedItems, ...craftOnly]), craftOnly)

  const extraStageIds = [...SERVERS.flatMap((s) => [...stagesWithRows[s]]), ...raw.maaStages.map((m) => m.stageId)]
  const stageZone = planStageZones(raw, extraStageIds)
  const zones = buildZones(raw, stageZone, stagesWithRows)
  const stages = buildStages(raw, stageZone, zones, stagesWithRows)

  const closedEventRows = { CN: 0, US: 0, JP: 0, KR: 0 }
  const rows = {} as Record<Server, SeedMatrix['rows']>
  const matrices = {} as Record<Server, SeedMatrix>
  for (const s of SERVERS) {
    const closed = closeFinishedEventRows(collected.rows[s], s, stageZone, zones)
    closedEventRows[s] = closed.closed
    rows[s] = closed.rows
    matrices[s] = toSeedMatrix(raw, s, closed.rows, collected.fromReshaped[s].length > 0)
  }
  const { dropInfos, stats } = buildDropInfos({ raw, items, stages, zones, rows })
  const { periods, unnamed } = buildPeriods(raw, zones)
  return {
    items,
    zones,
    stages,
    dropInfos,
    matrices,
    formulas,
    periods,
    notices: [],
    pron: buildPron(zones, stages),
    stats: {
      dropInfos: stats,
      closedEventRows,
      reshapedStages: collected.fromReshaped,
      skippedReshapedStages: collected.skippedReshaped,
      unnamedPeriods: unnamed,
    },
  }
}
