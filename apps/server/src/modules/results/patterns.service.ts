import { NO_END_MS, type Category, type Server } from '@dropwise/schemas'
import { PATTERN_CAP, RECRUIT_STAGE_ID, capPatternsPerStage, serverDayIndex, serverDayStart, wireEnd, type PatternDrop } from '@dropwise/stats'
import type { DataVersion } from '../../lib/data-version'
import type { AccountsService } from '../accounts/accounts.service'
import type { DropInfoRecord } from '../catalog/catalog.types'
import type { CatalogService } from '../catalog/catalog.service'
import { itemSortIds, withSimulated, type ResultsAnswer } from './results-answer'
import { toPatternDrops, toPatternElement, toWirePattern, type KeyedPatternElement } from './results.mapper'
import type { PatternCountRow, ResultsRepository, StageDayWindow, StageTimeWindow } from './results.repository'
import { SETTLED_TTL_MS, createSettledCache, firstRecentDay, splitDayWindows } from './settled-days'
import { createVersionCache } from './version-cache'

export interface PatternsServiceDeps {
  repository: ResultsRepository
  catalog: CatalogService
  accounts: AccountsService
  /** Bumped whenever aggregates change: global caches rebuild when it moves. */
  version: DataVersion
  clock: () => number
}

/** Options of a pattern-matrix request (§8.2, §8.5). */
export interface PatternRequest {
  server: Server
  category: Category
  personal: boolean
  /** `true` disables the 19-per-stage cap. */
  showAll: boolean
}

interface PatternWindow {
  stageId: string
  start: number
  end: number
}

interface GlobalPatterns {
  /** Every pattern, stages in catalog order, each stage highest quantity first. */
  all: KeyedPatternElement[]
  bodies: Map<boolean, string>
  builtAt: number
  simulatedRuns: number
}

/** Pattern matrices (api-v2.md §8.2, §8.5, §10.5). */
export const createPatternsService = (deps: PatternsServiceDeps) => {
  const { repository, catalog, accounts, clock } = deps
  const patternCache = createVersionCache<GlobalPatterns>(deps.version, clock)
  const settledPatterns = createSettledCache<[PatternCountRow[], { stage_id: string; reports: number }[]]>()

  /**
   * §10.5: per stage (not gacha, not recruit), the latest range over which its drop table on the server
   * stayed the same. The seed stores one range per drop info and merges unchanged ranges of an item, so
   * "the range of the latest drop info" is rebuilt as the latest span between consecutive starts/ends
   * of the stage's drop infos in which one of them is active (e.g. after a two-week event item on a
   * main stage, the span since the event ended). Drop infos that have not started by `now` are ignored
   * until they start. Also returns the next instant at which a window or the wire form of its end changes.
   */
  const patternWindows = async (server: Server, now: number) => {
    const windows: PatternWindow[] = []
    let validUntil = Number.POSITIVE_INFINITY
    for (const stage of await catalog.stageRecords()) {
      if (stage.isGacha || stage.stageId === RECRUIT_STAGE_ID) continue
      const started: DropInfoRecord[] = []
      for (const info of await catalog.dropInfos(server, stage.stageId)) {
        if (info.dropType === 'RECOGNITION_ONLY') continue
        if (info.startAt > now) validUntil = Math.min(validUntil, info.startAt)
        else {
          started.push(info)
          if (info.endAt > now && info.endAt < NO_END_MS) validUntil = Math.min(validUntil, info.endAt)
        }
      }
      const window = latestSpan(started)
      if (window) windows.push({ stageId: stage.stageId, ...window })
    }
    return { windows, validUntil }
  }

  const patternElements = async (windows: PatternWindow[], rows: PatternCountRow[], stageTimes: Map<string, number>, now: number): Promise<KeyedPatternElement[]> => {
    const sortIdOf = await itemSortIds(catalog)
    const byStage = new Map<string, PatternCountRow[]>()
    for (const r of rows) {
      const list = byStage.get(r.stage_id)
      if (list) list.push(r)
      else byStage.set(r.stage_id, [r])
    }
    const elements: KeyedPatternElement[] = []
    for (const w of windows) {
      const list = byStage.get(w.stageId)
      if (!list) continue
      const times = stageTimes.get(w.stageId) ?? list.reduce((s, r) => s + r.reports, 0)
      for (const r of list) {
        const drops: PatternDrop[] = toPatternDrops(r.drops)
        elements.push(toPatternElement({ stageId: w.stageId, drops, times, quantity: r.reports, start: w.start, end: wireEnd(w.end, now) }, sortIdOf))
      }
    }
    // Highest quantity first within each stage, ties by pattern key: deterministic output.
    return capPatternsPerStage(elements, Number.POSITIVE_INFINITY, (e) => e.key)
  }

  const patternBody = (elements: KeyedPatternElement[], showAll: boolean) => {
    const kept = showAll ? elements : capPatternsPerStage(elements, PATTERN_CAP, (e) => e.key)
    return JSON.stringify({ pattern_matrix: kept.map(toWirePattern) })
  }

  /** `simulated` false: without the demo category, as the matrices count (the open-data snapshots). */
  const globalPatterns = (server: Server, category: Category, simulated = true) =>
    patternCache.get(`${server}|${category}${simulated ? '' : '|real'}`, async (now) => {
      const { windows, validUntil } = await patternWindows(server, now)
      const dayWindows = windows.map((w) => ({
        stageId: w.stageId,
        fromDay: serverDayIndex(server, w.start),
        toDay: serverDayIndex(server, w.end - 1),
      }))
      const cut = firstRecentDay(serverDayIndex(server, now))
      const split = splitDayWindows(dayWindows, cut)
      const rows = new Map<string, PatternCountRow>()
      const singles = new Map<string, number>()
      let simulatedRuns = 0
      for (const c of simulated ? withSimulated(category) : [category]) {
        const readCounts = (ws: StageDayWindow[]) => Promise.all([repository.patternCounts(server, c, ws), repository.singleRunCounts(server, c, ws)])
        const [settled, recent] = await Promise.all([
          settledPatterns.get(`${server}|${c}`, `${cut}|${JSON.stringify(split.settled)}`, now, () => readCounts(split.settled)),
          readCounts(split.recent),
        ])
        for (const r of [...settled[0], ...recent[0]]) {
          const key = `${r.stage_id}|${r.pattern_id}`
          const seen = rows.get(key)
          rows.set(key, seen ? { ...seen, reports: seen.reports + r.reports } : r)
        }
        for (const r of [...settled[1], ...recent[1]]) {
          singles.set(r.stage_id, (singles.get(r.stage_id) ?? 0) + r.reports)
          if (c === 'demo') simulatedRuns += r.reports
        }
      }
      const all = await patternElements(
        windows,
        [...rows.values()].filter((r) => r.reports > 0),
        singles,
        now,
      )
      // Midnight moves the settled/recent cut; the settled part is re-read within its TTL at the latest.
      const nextRoll = Math.min(validUntil, serverDayStart(server, serverDayIndex(server, now) + 1), now + SETTLED_TTL_MS)
      return { value: { all, bodies: new Map(), builtAt: now, simulatedRuns }, validUntil: nextRoll }
    })

  return {
    /** Forgets cached global answers (they also rebuild by themselves when the data version moves). */
    invalidate: () => {
      patternCache.clear()
      settledPatterns.clear()
    },

    /** Every global pattern of category `all` without simulated demo reports, uncapped (the open-data snapshots, §3n). */
    realPatterns: async (server: Server) => (await globalPatterns(server, 'all', false)).all.map(toWirePattern),

    /** `{pattern_matrix}` (§8.2, §8.5, §10.5): global answers from the daily aggregates, personal from raw reports. */
    async matrix(req: PatternRequest, penguinId: string | null): Promise<ResultsAnswer> {
      if (req.personal) {
        const account = await accounts.require(penguinId)
        const now = clock()
        const { windows } = await patternWindows(req.server, now)
        const timeWindows: StageTimeWindow[] = windows.map((w) => ({ stageId: w.stageId, start: w.start, end: w.end }))
        const rows = await repository.personalPatternCounts(req.server, req.category, account.account_id, timeWindows)
        const elements = await patternElements(windows, rows, new Map(), now)
        return { body: patternBody(elements, req.showAll), builtAt: now, personal: true, simulatedRuns: 0 }
      }
      const global = await globalPatterns(req.server, req.category)
      let body = global.bodies.get(req.showAll)
      if (body === undefined) {
        body = patternBody(global.all, req.showAll)
        global.bodies.set(req.showAll, body)
      }
      return { body, builtAt: global.builtAt, personal: false, simulatedRuns: global.simulatedRuns }
    },
  }
}
export type PatternsService = ReturnType<typeof createPatternsService>

/**
 * The latest span `[b, next)` between consecutive boundaries (starts and ends) of `infos` in which at
 * least one of them is active; `next` is the "no end" sentinel when nothing starts or ends after `b`.
 * `null` for no infos.
 */
export const latestSpan = (infos: readonly Pick<DropInfoRecord, 'startAt' | 'endAt'>[]): { start: number; end: number } | null => {
  const boundaries = [...new Set(infos.flatMap((i) => (i.endAt < NO_END_MS ? [i.startAt, i.endAt] : [i.startAt])))].sort((a, b) => a - b)
  for (let k = boundaries.length - 1; k >= 0; k--) {
    const b = boundaries[k] as number
    if (infos.some((i) => i.startAt <= b && b < i.endAt)) return { start: b, end: boundaries[k + 1] ?? NO_END_MS }
  }
  return null
}
