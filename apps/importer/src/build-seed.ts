import type { SeedDropInfo, SeedFormula, SeedItem, SeedMatrix, SeedNotice, SeedOperators, SeedPeriod, SeedPron, SeedStage, SeedZone, Server } from '@dropwise/schemas'
import type { DropInfoStats } from './drop-infos'
import { deriveReference } from './derive'
import { collectMatrixRows, toSeedMatrix } from './matrix'
import { deriveOperators } from './operators'
import type { RawData } from './raw'
import { SERVERS } from './util'

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
  /**
   * Operators and the level table (issue 39). Optional so that the game-data sync's reference, which does not
   * derive them yet, still passes the self-check; the seed build always sets it.
   */
  operators?: SeedOperators
  stats: ImportStats
}

/** Pure: raw data in, seed records out (no file system, no clock): the matrix dumps' rows through `deriveReference`. */
export const buildSeed = (raw: RawData): Seed => {
  const collected = collectMatrixRows(raw)
  const ref = deriveReference(raw, collected.rows)
  const matrices = {} as Record<Server, SeedMatrix>
  for (const s of SERVERS) matrices[s] = toSeedMatrix(raw, s, ref.rows[s], collected.fromReshaped[s].length > 0)
  return {
    items: ref.items,
    zones: ref.zones,
    stages: ref.stages,
    dropInfos: ref.dropInfos,
    matrices,
    formulas: ref.formulas,
    periods: ref.periods,
    notices: [],
    pron: ref.pron,
    operators: deriveOperators(raw.operators),
    stats: {
      dropInfos: ref.dropInfoStats,
      closedEventRows: ref.closedEventRows,
      reshapedStages: collected.fromReshaped,
      skippedReshapedStages: collected.skippedReshaped,
      unnamedPeriods: ref.unnamedPeriods,
    },
  }
}
