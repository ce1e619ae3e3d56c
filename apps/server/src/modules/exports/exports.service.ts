import { SERVERS, type ExportIndex, type ExportSnapshot, type Server, type SiteStats } from '@dropwise/schemas'
import { DAY_MS } from '@dropwise/stats'
import type { CatalogService } from '../catalog/catalog.service'
import type { MatrixService } from '../matrix/matrix.service'
import type { PatternsService } from '../results/patterns.service'
import type { SiteStatsService } from '../site-stats/site-stats.service'
import { exportBasis } from '../share/basis-line'
import { buildSnapshotFiles, LICENSE, LICENSE_URL, SNAPSHOT_ATTRIBUTION } from './exports.build'
import type { ExportsRepository, StoredSnapshot } from './exports.repository'

/** How long snapshots are kept (the newest always stays). */
export const KEPT_DAYS = 30
export const EXPORT_BASE = '/api/v2/export/snapshots'

export interface ExportsServiceDeps {
  repository: ExportsRepository
  catalog: CatalogService
  matrix: MatrixService
  patterns: PatternsService
  stats: SiteStatsService
  clock: () => number
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }
}

/** The UTC day of `ms` as `YYYY-MM-DD`: the id of the daily snapshot. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

const toApi = (s: StoredSnapshot): ExportSnapshot => ({
  id: s.id,
  kind: s.kind,
  asOf: s.asOf,
  dataVersion: { aggregates: s.aggregatesVersion, gameData: s.gameDataVersion },
  createdAt: s.createdAt,
  files: s.files.map((f) => ({ ...f, url: `${EXPORT_BASE}/${s.id}/${f.name}` })),
})

/**
 * Versioned open data (docs/api-extensions.md §3n): a snapshot per UTC day and one per game-data version, of
 * every server's global matrix, pattern matrix and all-time site statistics, read from the same services that
 * answer the API (category `all`: simulated demo reports never count, as in the matrices). Stored in the
 * database, so every process serves the same bytes across restarts; pruned after KEPT_DAYS days.
 */
export const createExportsService = ({ repository, catalog, matrix, patterns, stats, clock, log }: ExportsServiceDeps) => {
  let chain: Promise<unknown> = Promise.resolve()
  /** One snapshot build at a time in this process. */
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task, task)
    chain = run.catch(() => undefined)
    return run
  }

  const siteStatsOf = async (server: Server) => {
    const { totalStageTimes, totalItemQuantities, totalApCost } = JSON.parse((await stats.siteStats(server)).body) as SiteStats
    return { totalStageTimes, totalItemQuantities, totalApCost }
  }

  /** Every server's files for the data as it stands now, and the data version they describe. */
  const build = async () => {
    // The matrices' caches follow the in-memory version: rebuilt here if they lag behind it.
    await matrix.settle()
    const state = await repository.dataState()
    const asOf = Math.max(state.aggregatesAt, state.gameDataAt)
    const dataVersion = { aggregates: state.aggregatesVersion, gameData: state.gameDataVersion }
    const [items, stages] = await Promise.all([catalog.itemList(), catalog.stageRecords()])
    const files = []
    for (const server of SERVERS) {
      const [elements, pats, st, sample] = await Promise.all([
        matrix.globalElements(server, 'all', true),
        patterns.realPatterns(server),
        siteStatsOf(server),
        matrix.basis(server, null),
      ])
      const basis = exportBasis(sample)
      files.push(...(await buildSnapshotFiles({ server, asOf, dataVersion, basis, matrix: elements, patterns: pats, stats: st, items, stages })))
    }
    return { asOf, state, files }
  }

  /** Takes the snapshot `id` of the current data unless it is stored; true when this call stored it. */
  const take = (kind: 'daily' | 'version', id: string) =>
    serial(async () => {
      if (await repository.has(id)) return false
      const startedAt = clock()
      const { asOf, state, files } = await build()
      const stored = await repository.insert(
        { id, kind, asOf, aggregatesVersion: state.aggregatesVersion, gameDataVersion: state.gameDataVersion, createdAt: clock() },
        files,
      )
      if (stored) log.info({ snapshot: id, files: files.length, bytes: files.reduce((n, f) => n + f.bytes, 0), ms: clock() - startedAt }, 'open-data snapshot taken')
      return stored
    })

  return {
    build,
    take,
    /** Today's snapshot and the current game-data version's, when missing; then prunes what is older than KEPT_DAYS. */
    async ensure() {
      const now = clock()
      await take('daily', utcDay(now))
      const version = await repository.currentGameDataVersion()
      if (version > 0) await take('version', `v${version}`)
      const pruned = await repository.prune(now - KEPT_DAYS * DAY_MS)
      if (pruned > 0) log.info({ pruned }, 'open-data snapshots pruned')
    },
    async index(): Promise<ExportIndex> {
      const snapshots = (await repository.list()).map(toApi)
      return { license: LICENSE, licenseUrl: LICENSE_URL, attribution: SNAPSHOT_ATTRIBUTION, keptDays: KEPT_DAYS, latest: snapshots[0]?.id ?? null, snapshots }
    },
    file: (snapshot: string, name: string) => repository.file(snapshot, name),
    /** Resolves when no snapshot build of this process is running. */
    idle: () => chain.then(() => undefined),
  }
}
export type ExportsService = ReturnType<typeof createExportsService>
