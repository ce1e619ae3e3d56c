import { createPlanner, type HighsRuntime, type Valuation } from '@dropwise/planner'
import type { EfficiencyResponse, Server } from '@dropwise/schemas'
import { RECRUIT_STAGE_ID } from '@dropwise/stats'
import type { DataVersion } from '../../lib/data-version'
import type { CatalogService } from '../catalog/catalog.service'
import type { MatrixService } from '../matrix/matrix.service'
import { DATA_ATTRIBUTION } from '../share/share.service'
import type { EfficiencyRepository } from './efficiency.repository'

export interface EfficiencyServiceDeps {
  catalog: CatalogService
  matrix: MatrixService
  version: DataVersion
  loadHighs: () => Promise<HighsRuntime>
  clock: () => number
  /** Monotonic clock for timings. */
  timer: () => number
  /** Where the last answers are kept across restarts (none: every start computes before its first answer). */
  store?: Pick<EfficiencyRepository, 'load' | 'save'>
  /** A stored answer that could not be read or written (the service goes on without it). */
  onStoreError?: (err: unknown) => void
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
// A computed answer is written to the store at most this often per key (and once more when the service stops).
const SAVE_EVERY_MS = 5 * 60 * 1000
// A stored answer older than this is not served after a start: the first request waits for fresh numbers.
const RESTORE_MAX_AGE_MS = 24 * 60 * 60 * 1000

/**
 * The farming guide's numbers (item values and stage efficiency) per server and LMD/exp options, computed
 * from the planner's LP on the current global matrix (without gacha stages: recruitment costs no sanity)
 * and kept in memory: requests are answered from the
 * cache, which follows the matrix (recomputed once it has been rebuilt after new data, and at least every
 * 10 minutes). While a recomputation runs, the previous answer is served. With a `store`, the previous answer
 * survives a restart: a process starts by serving the last stored numbers (their `computedAt` says when they were
 * computed) while it computes its own, so the first player after a start does not wait for the LP.
 */
export const createEfficiencyService = ({ catalog, matrix, version, loadHighs, clock, timer, store, onStoreError = () => {} }: EfficiencyServiceDeps) => {
  let highs: Promise<HighsRuntime> | null = null
  interface Entry {
    elements: unknown
    computedAt: number
    answer: Promise<EfficiencyAnswer>
    /** The newest finished answer (this entry's, or the one before it while this one computes). */
    last: EfficiencyAnswer | null
  }
  const cache = new Map<string, Entry>()
  /** Per key, the `computedAt` of the answer last written to the store. */
  const saved = new Map<string, number>()

  let restoring: Promise<void> | null = null
  const restore = () =>
    (restoring ??= (async () => {
      if (!store) return
      try {
        for (const stored of await store.load()) {
          const { computedAt } = stored.response
          if (cache.has(stored.key) || clock() - computedAt > RESTORE_MAX_AGE_MS) continue
          const answer: EfficiencyAnswer = { response: stored.response, computeMs: stored.computeMs }
          // No matrix yet: the first request recomputes and is answered with these numbers meanwhile.
          cache.set(stored.key, { elements: null, computedAt, answer: Promise.resolve(answer), last: answer })
          saved.set(stored.key, computedAt)
        }
      } catch (err) {
        onStoreError(err)
      }
    })())

  /** Writes in flight: `stop` waits for them, so none is cut off by the database closing after it. */
  const writes = new Set<Promise<void>>()
  const save = (key: string, answer: EfficiencyAnswer) => {
    if (!store || saved.get(key) === answer.response.computedAt) return
    saved.set(key, answer.response.computedAt)
    const write = store.save({ key, response: answer.response, computeMs: answer.computeMs }, clock()).catch((err: unknown) => {
      saved.delete(key)
      onStoreError(err)
    })
    writes.add(write)
    void write.finally(() => writes.delete(write))
  }

  const compute = async (opts: EfficiencyOptions, elements: Awaited<ReturnType<MatrixService['globalElements']>>): Promise<EfficiencyAnswer> => {
    const started = timer()
    const runtime = await (highs ??= loadHighs())
    const [items, stages, formulas, rows] = await Promise.all([catalog.itemList(), catalog.stageList(opts.server), catalog.formulaList(), catalog.stageRecords()])
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
        },
      }
    } finally {
      planner.dispose()
    }
  }

  const get = async (opts: EfficiencyOptions, fresh = false): Promise<EfficiencyAnswer> => {
    const key = `${opts.server}|${opts.lmd ? 1 : 0}|${opts.exp ? 1 : 0}`
    await restore()
    // Numbers not tied to a matrix (stored by the previous process, or kept after a failed computation) answer at
    // once: the matrix this process has not built yet can take seconds after a start.
    const held = cache.get(key)
    if (!fresh && held && held.elements === null && held.last) {
      void refresh(opts, key, false).catch(() => {})
      return held.last
    }
    return refresh(opts, key, fresh)
  }

  const refresh = async (opts: EfficiencyOptions, key: string, fresh: boolean): Promise<EfficiencyAnswer> => {
    const elements = await matrix.globalElements(opts.server, 'all', true)
    const hit = cache.get(key)
    if (hit && hit.elements === elements && clock() - hit.computedAt < MAX_AGE_MS) return fresh || !hit.last ? hit.answer : hit.last
    const entry: Entry = { elements, computedAt: clock(), answer: compute(opts, elements), last: hit?.last ?? null }
    cache.set(key, entry)
    entry.answer.then(
      (answer) => {
        entry.last = answer
        const lastSaved = saved.get(key)
        if (lastSaved === undefined || answer.response.computedAt - lastSaved >= SAVE_EVERY_MS) save(key, answer)
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
    /**
     * Computes the default answers (LMD and EXP valued) of these servers one after the other, so the numbers of
     * the current matrix are in before players ask (at start, in the background).
     */
    warm: async (servers: readonly Server[]) => {
      for (const server of servers) await get({ server, lmd: true, exp: true }, true).catch(() => {})
    },
    /** Stops following the data and writes the newest answers not yet in the store. */
    stop: async () => {
      if (scheduled) clearTimeout(scheduled)
      for (const [key, entry] of cache) if (entry.last) save(key, entry.last)
      await Promise.all(writes)
    },
  }
}
export type EfficiencyService = ReturnType<typeof createEfficiencyService>
