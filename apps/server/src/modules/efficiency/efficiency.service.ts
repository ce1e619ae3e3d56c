import { createPlanner, type HighsRuntime, type Valuation } from '@dropwise/planner'
import type { EfficiencyResponse, Server } from '@dropwise/schemas'
import { RECRUIT_STAGE_ID } from '@dropwise/stats'
import type { DataVersion } from '../../lib/data-version'
import type { CatalogService } from '../catalog/catalog.service'
import type { MatrixService } from '../matrix/matrix.service'
import { exportBasis } from '../share/basis-line'
import { DATA_ATTRIBUTION } from '../share/share.service'

export interface EfficiencyServiceDeps {
  catalog: CatalogService
  matrix: MatrixService
  version: DataVersion
  loadHighs: () => Promise<HighsRuntime>
  clock: () => number
  /** Monotonic clock for timings. */
  timer: () => number
}

export interface EfficiencyOptions {
  server: Server
  lmd: boolean
  exp: boolean
}

export interface EfficiencyAnswer {
  response: EfficiencyResponse
  /** Milliseconds the last computation took (data, LP, efficiency). */
  computeMs: number
}

// Stages open and close with time even when no report arrives: an answer is recomputed at least this often.
const MAX_AGE_MS = 10 * 60 * 1000
// After new data, the matrix is rebuilt within ~3 s (matrix.service); efficiency follows after that.
const REFRESH_AFTER_VERSION_MS = 3500

/**
 * The farming guide's numbers (item values and stage efficiency) per server and LMD/exp options, computed
 * from the planner's LP on the current global matrix (without gacha stages: recruitment costs no sanity)
 * and kept in memory: requests are answered from the
 * cache, which follows the matrix (recomputed once it has been rebuilt after new data, and at least every
 * 10 minutes). While a recomputation runs, the previous answer is served.
 */
export const createEfficiencyService = ({ catalog, matrix, version, loadHighs, clock, timer }: EfficiencyServiceDeps) => {
  let highs: Promise<HighsRuntime> | null = null
  interface Entry {
    elements: unknown
    computedAt: number
    answer: Promise<EfficiencyAnswer>
    /** The newest finished answer (this entry's, or the one before it while this one computes). */
    last: EfficiencyAnswer | null
  }
  const cache = new Map<string, Entry>()

  const compute = async (opts: EfficiencyOptions, elements: Awaited<ReturnType<MatrixService['globalElements']>>): Promise<EfficiencyAnswer> => {
    const started = timer()
    const runtime = await (highs ??= loadHighs())
    const [items, stages, formulas, rows, basis] = await Promise.all([
      catalog.itemList(),
      catalog.stageList(opts.server),
      catalog.formulaList(),
      catalog.stageRecords(),
      matrix.basis(opts.server, null),
    ])
    // Recruitment and gacha "stages" are not farmed with sanity: not part of the guide's LP.
    const gacha = rows.filter((r) => r.isGacha || r.stageId === RECRUIT_STAGE_ID).map((r) => r.stageId)
    const now = clock()
    const planner = createPlanner(runtime, { [opts.server]: { items, stages, matrix: elements, formulas, now } }, { values: 'central' })
    try {
      const result = planner.valuate({ server: opts.server, gold_demand: opts.lmd, exp_demand: opts.exp, exclude: gacha })
      if ('error' in result && result.error) throw new Error(`efficiency: ${result.reason}`)
      const v = result as Valuation
      return {
        computeMs: timer() - started,
        response: {
          server: opts.server,
          computedAt: now,
          lmd: opts.lmd,
          exp: opts.exp,
          valueLmd: v.valueLmd,
          valueExp: v.valueExp,
          values: v.values,
          stages: v.stages,
          crafts: v.crafts,
          attribution: DATA_ATTRIBUTION,
          basis: exportBasis(basis).line,
        },
      }
    } finally {
      planner.dispose()
    }
  }

  const get = async (opts: EfficiencyOptions, fresh = false): Promise<EfficiencyAnswer> => {
    const key = `${opts.server}|${opts.lmd ? 1 : 0}|${opts.exp ? 1 : 0}`
    const elements = await matrix.globalElements(opts.server, 'all', true)
    const hit = cache.get(key)
    if (hit && hit.elements === elements && clock() - hit.computedAt < MAX_AGE_MS) return fresh || !hit.last ? hit.answer : hit.last
    const entry: Entry = { elements, computedAt: clock(), answer: compute(opts, elements), last: hit?.last ?? null }
    cache.set(key, entry)
    entry.answer.then(
      (answer) => {
        entry.last = answer
      },
      () => {
        // Keep serving the previous numbers; the next request tries again.
        if (cache.get(key) === entry) {
          if (hit) cache.set(key, { ...hit, elements: null })
          else cache.delete(key)
        }
      },
    )
    // The previous numbers while new ones are computed, unless the caller waits for the fresh ones.
    return fresh || !entry.last ? entry.answer : entry.last
  }

  // Follow new data: once the matrix has been rebuilt, recompute the answers that were asked for.
  let scheduled: NodeJS.Timeout | null = null
  version.subscribe(() => {
    if (scheduled) return
    scheduled = setTimeout(() => {
      scheduled = null
      for (const key of cache.keys()) {
        const [server, lmd, exp] = key.split('|')
        void get({ server: server as Server, lmd: lmd === '1', exp: exp === '1' }).catch(() => {})
      }
    }, REFRESH_AFTER_VERSION_MS)
    scheduled.unref()
  })

  return {
    /** The cached answer (computed on first use; the previous one while a newer one is computed). */
    get: (opts: EfficiencyOptions) => get(opts),
    /** Computes now from the current matrix (benchmarks, tests). */
    compute: async (opts: EfficiencyOptions) => compute(opts, await matrix.globalElements(opts.server, 'all', true)),
    /** Waits for the numbers of the current matrix (tests). */
    fresh: (opts: EfficiencyOptions) => get(opts, true),
    stop: () => {
      if (scheduled) clearTimeout(scheduled)
    },
  }
}
export type EfficiencyService = ReturnType<typeof createEfficiencyService>
