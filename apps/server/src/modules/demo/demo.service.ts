import { SERVERS, type Server } from '@dropwise/schemas'
import { canonicalPattern, patternHash, serverDayStart, serverDayIndex } from '@dropwise/stats'
import { seededRandom } from '../../lib/prng'
import type { AccountsService } from '../accounts/accounts.service'
import type { AggregationWorker } from '../aggregation/aggregation.worker'
import { isActiveAt } from '../catalog/catalog.types'
import type { CatalogService } from '../catalog/catalog.service'
import type { MatrixRepository } from '../matrix/matrix.repository'
import type { NewReport, ReportsRepository } from '../reports/reports.repository'

import type { DemoRepository } from './demo.repository'
import { DEMO_SOURCE } from './demo-source'

export { DEMO_SOURCE }

export interface DemoOptions {
  /** Reports per server and day (CN; the other servers get a third). */
  reportsPerDay: number
  days: number
  seed: number
}

export interface DemoServiceDeps {
  demo: DemoRepository
  catalog: CatalogService
  accounts: AccountsService
  matrix: MatrixRepository
  reports: ReportsRepository
  aggregation: AggregationWorker
  clock: () => number
  onProgress?: (done: number, total: number) => void
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 10))

/**
 * Simulated reports for the embedded demo (issue #3): drawn from the imported drop rates of the open
 * stages, spread over the last `days` days, marked with source `dropwise-demo`, then verified like any
 * report and aggregated under their own category (demo-source.ts): patterns, trends and 24 h statistics
 * get data, the drop matrix and the all-time statistics never see them (issue #17).
 */
export const createDemoService = (deps: DemoServiceDeps) => ({
  async present(): Promise<{ reports: number } | null> {
    return deps.demo.simulated()
  },

  async simulate(options: DemoOptions): Promise<{ reports: number }> {
    const random = seededRandom(options.seed)
    const now = deps.clock()
    // Marked before the first simulated report is stored, so /config (and the page's `data-demo`) say so
    // from the first number they fill, not once the last is in (issue 38: 75 s of "499 reports in the
    // last 24 h" without the demo banner). A start interrupted midway keeps its mark and is not redone.
    await deps.demo.markSimulated({ reports: 0, source: DEMO_SOURCE, simulatedAt: now, simulating: true })
    deps.catalog.forgetConfig()
    const accounts = await Promise.all(Array.from({ length: 24 }, () => deps.accounts.create(null)))
    const items = new Set((await deps.catalog.itemList()).map((i) => i.itemId))
    let total = 0
    const planned = SERVERS.reduce((n, s) => n + options.days * (s === 'CN' ? options.reportsPerDay : Math.ceil(options.reportsPerDay / 3)), 0)
    for (const server of SERVERS) {
      const perDay = server === 'CN' ? options.reportsPerDay : Math.ceil(options.reportsPerDay / 3)
      // Rates per open stage from the imported baselines (open periods with enough runs).
      const open = await deps.catalog.openStageIds(server, now)
      const rates = new Map<string, { itemId: string; rate: number }[]>()
      for (const b of await deps.matrix.baselines(server)) {
        if (!open.has(b.stageId) || b.times < 1000 || !items.has(b.itemId)) continue
        const list = rates.get(b.stageId) ?? []
        list.push({ itemId: b.itemId, rate: b.quantity / b.times })
        rates.set(b.stageId, list)
      }
      // Players farm a few stages much more than others: weight stages by their imported runs.
      const stages = [...rates.keys()].sort()
      if (stages.length === 0) continue
      const weights = stages.map((_, i) => 1 / (1 + (i % 40)))
      const weightSum = weights.reduce((a, b) => a + b, 0)
      const pickStage = () => {
        let r = random() * weightSum
        for (let i = 0; i < stages.length; i++) if ((r -= weights[i] ?? 0) <= 0) return stages[i] as string
        return stages[stages.length - 1] as string
      }
      const today = serverDayIndex(server, now)
      let batch: NewReport[] = []
      for (let d = options.days - 1; d >= 0; d--) {
        const dayStart = serverDayStart(server, today - d)
        const span = d === 0 ? Math.max(1, now - dayStart) : 86_400_000
        for (let n = 0; n < perDay; n++) {
          const stageId = pickStage()
          const infos = (await deps.catalog.dropInfos(server, stageId)).filter((i) => isActiveAt(i, now) && i.itemId)
          const times = random() < 0.8 ? 1 : 1 + Math.floor(random() * 6)
          const drops: { dropType: string; itemId: string; quantity: number }[] = []
          for (const { itemId, rate } of rates.get(stageId) ?? []) {
            const info = infos.find((i) => i.itemId === itemId)
            if (!info) continue
            let quantity = 0
            for (let t = 0; t < times; t++) quantity += Math.floor(rate) + (random() < rate - Math.floor(rate) ? 1 : 0)
            const lower = (info.lowerBound ?? 0) * times
            const upper = (info.upperBound ?? quantity) * times
            quantity = Math.min(Math.max(quantity, lower), upper)
            if (quantity > 0) drops.push({ dropType: info.dropType, itemId, quantity })
          }
          const pattern = canonicalPattern(drops)
          batch.push({
            reportHash: `demo${String(total).padStart(16, '0')}-${Math.floor(random() * 1e16)
              .toString(36)
              .padStart(16, '0')
              .slice(0, 16)}`,
            server,
            stageId,
            patternHash: patternHash(pattern),
            pattern,
            drops,
            times,
            accountId: accounts[Math.floor(random() * accounts.length)]?.account_id ?? 0,
            source: DEMO_SOURCE,
            version: 'simulated',
            category: 'automated',
            createdAt: dayStart + Math.floor(random() * span),
            ip: null,
            md5: null,
            metadata: { demo: true },
          })
          total++
          if (batch.length >= 250) {
            await deps.reports.insertBatch(batch)
            batch = []
            if (total % 5000 < 250) deps.onProgress?.(total, planned)
            // Leave room for requests: on PGlite every statement runs on this thread.
            await pause()
          }
        }
      }
      if (batch.length > 0) await deps.reports.insertBatch(batch)
      deps.onProgress?.(total, planned)
    }
    for (;;) {
      const { verified } = await deps.aggregation.runOnce()
      if (verified === 0) break
      await pause()
    }
    const value = { reports: total, source: DEMO_SOURCE, simulatedAt: now }
    await deps.demo.markSimulated(value)
    deps.catalog.forgetConfig()
    return { reports: total }
  },
})
export type DemoService = ReturnType<typeof createDemoService>
export type { Server }
