import type { Category, Server } from '@dropwise/schemas'
import { DEMO_SOURCE } from '../modules/demo/demo-source'
import type { AggregateCategory, PatternCountRow, ReportFilter, ResultsRepository, StageDayWindow, WindowPatternRow } from '../modules/results/results.repository'

/**
 * The results repository in memory, for service tests: the tables it reads as arrays, every read logged.
 * The reads follow results.repository.ts's SQL (windows inclusive in days, `[start, end)` in ms).
 */
export interface FakeResultsTables {
  patterns: Map<number, { itemId: string; quantity: number }[]>
  patternDays: { server: Server; category: AggregateCategory; stageId: string; patternId: number; day: number; reports: number }[]
  stageDays: { server: Server; category: AggregateCategory; stageId: string; day: number; times: number; singleRunReports: number }[]
  itemDays: { server: Server; category: AggregateCategory; stageId: string; itemId: string; day: number; quantity: number }[]
  reports: {
    server: Server
    stageId: string
    patternId: number
    times: number
    accountId: number
    category: Exclude<Category, 'all'>
    createdAt: number
    reliability: number | null
    source: string
  }[]
  baselines: { server: Server; stageId: string; itemId: string; times: number; quantity: number; stdDev: number; startAt: number; endAt: number }[]
  properties: Record<string, unknown>
}

export type FakeResultsCall = { method: keyof ResultsRepository; args: unknown[] }

export const fakeResultsRepository = (init: Partial<FakeResultsTables> = {}) => {
  const tables: FakeResultsTables = {
    patterns: new Map(),
    patternDays: [],
    stageDays: [],
    itemDays: [],
    reports: [],
    baselines: [],
    properties: {},
    ...init,
  }
  const calls: FakeResultsCall[] = []
  const log = (method: keyof ResultsRepository, ...args: unknown[]) => calls.push({ method, args })
  const inDays = (w: StageDayWindow, stageId: string, day: number) => w.stageId === stageId && day >= w.fromDay && day <= w.toDay
  const counts = (f: ReportFilter) =>
    tables.reports.filter(
      (r) =>
        r.server === f.server &&
        r.stageId === f.stageId &&
        r.createdAt >= f.start &&
        r.createdAt < f.end &&
        (f.accountId === null ? r.reliability === 0 : r.accountId === f.accountId && (r.reliability === null || r.reliability >= 0)) &&
        (f.category === 'all' || r.category === f.category) &&
        (f.simulated || r.source !== DEMO_SOURCE),
    )
  const groupByPattern = <K>(reports: FakeResultsTables['reports'], keyOf: (r: FakeResultsTables['reports'][number]) => K) => {
    const groups = new Map<string, { key: K; row: WindowPatternRow }>()
    for (const r of reports) {
      const key = keyOf(r)
      const k = `${JSON.stringify(key)}|${r.patternId}`
      const g = groups.get(k) ?? { key, row: { pattern_id: r.patternId, drops: tables.patterns.get(r.patternId), reports: 0, times: 0, simulated_times: 0 } }
      g.row.reports += 1
      g.row.times += r.times
      if (r.source === DEMO_SOURCE) g.row.simulated_times += r.times
      groups.set(k, g)
    }
    return [...groups.values()]
  }

  const repository: ResultsRepository = {
    patternCounts: async (server, category, windows) => {
      log('patternCounts', server, category, windows)
      const sums = new Map<string, PatternCountRow>()
      for (const w of windows) {
        for (const p of tables.patternDays) {
          if (p.server !== server || p.category !== category || !inDays(w, p.stageId, p.day)) continue
          const k = `${p.stageId}|${p.patternId}`
          const row = sums.get(k) ?? { stage_id: p.stageId, pattern_id: p.patternId, drops: tables.patterns.get(p.patternId), reports: 0 }
          row.reports += p.reports
          sums.set(k, row)
        }
      }
      return [...sums.values()].filter((r) => r.reports > 0)
    },
    singleRunCounts: async (server, category, windows) => {
      log('singleRunCounts', server, category, windows)
      const sums = new Map<string, number>()
      for (const w of windows) {
        for (const s of tables.stageDays) {
          if (s.server === server && s.category === category && inDays(w, s.stageId, s.day)) sums.set(s.stageId, (sums.get(s.stageId) ?? 0) + s.singleRunReports)
        }
      }
      return [...sums].map(([stage_id, reports]) => ({ stage_id, reports }))
    },
    personalPatternCounts: async (server, category, accountId, windows) => {
      log('personalPatternCounts', server, category, accountId, windows)
      const sums = new Map<string, PatternCountRow>()
      for (const w of windows) {
        for (const r of tables.reports) {
          if (r.accountId !== accountId || r.server !== server || r.stageId !== w.stageId || r.createdAt < w.start || r.createdAt >= w.end) continue
          if (r.times !== 1 || (r.reliability !== null && r.reliability < 0) || (category !== 'all' && r.category !== category)) continue
          const k = `${r.stageId}|${r.patternId}`
          const row = sums.get(k) ?? { stage_id: r.stageId, pattern_id: r.patternId, drops: tables.patterns.get(r.patternId), reports: 0 }
          row.reports += 1
          sums.set(k, row)
        }
      }
      return [...sums.values()]
    },
    stageDays: async (server, category, fromDay, toDay) => {
      log('stageDays', server, category, fromDay, toDay)
      return tables.stageDays
        .filter((s) => s.server === server && s.category === category && s.day >= fromDay && s.day <= toDay)
        .map((s) => ({ stage_id: s.stageId, day: s.day, times: s.times }))
    },
    itemDays: async (server, category, fromDay, toDay) => {
      log('itemDays', server, category, fromDay, toDay)
      return tables.itemDays
        .filter((i) => i.server === server && i.category === category && i.day >= fromDay && i.day <= toDay)
        .map((i) => ({ stage_id: i.stageId, item_id: i.itemId, day: i.day, quantity: i.quantity }))
    },
    windowPatterns: async (f) => {
      log('windowPatterns', f)
      return groupByPattern(counts(f), () => null).map((g) => g.row)
    },
    windowBucketPatterns: async (f, intervalMs) => {
      log('windowBucketPatterns', f, intervalMs)
      return groupByPattern(counts(f), (r) => Math.floor((r.createdAt - f.start) / intervalMs)).map((g) => ({ ...g.row, bucket: g.key }))
    },
    stageBaselines: async (server, stageId) => {
      log('stageBaselines', server, stageId)
      return tables.baselines.filter((b) => b.server === server && b.stageId === stageId).map(({ server: _server, ...baseline }) => baseline)
    },
    upstreamFetchedAt: async () => null,
    property: async (key) => {
      log('property', key)
      return (tables.properties[key] ?? null) as Awaited<ReturnType<ResultsRepository['property']>>
    },
  }
  return { repository, tables, calls, callsOf: (method: keyof ResultsRepository) => calls.filter((c) => c.method === method) }
}
