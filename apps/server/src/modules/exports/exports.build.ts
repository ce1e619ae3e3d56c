import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { NO_END_MS, type MatrixElement, type PatternElement, type Server } from '@dropwise/schemas'
import { csvCell, DATA_ATTRIBUTION, exportNames, MATRIX_CSV_COLUMNS, matrixCsvLine, matrixExportRows } from '../share/share.service'
import type { ExportBasis } from '../share/basis-line'
import type { StoredExportFile } from './exports.repository'

const gzipAsync = promisify(gzip)

export const LICENSE = 'CC BY-NC 4.0'
export const LICENSE_URL = 'https://creativecommons.org/licenses/by-nc/4.0/'
/** The licence line of every snapshot file (the CSVs' first line). */
export const SNAPSHOT_ATTRIBUTION = `${DATA_ATTRIBUTION} Attribution: Penguin Statistics and Dropwise's contributors.`

/** The all-time site statistics (the last-24-hours part is left out: it slides with the clock and counts simulated runs). */
export interface SnapshotStats {
  totalStageTimes: { stageId: string; times: number }[]
  totalItemQuantities: { itemId: string; quantity: number }[]
  totalApCost: number
}

/** What one server's files are made of: nothing here reads a clock, so equal input gives equal bytes. */
export interface SnapshotInput {
  server: Server
  asOf: number
  dataVersion: { aggregates: number; gameData: number }
  /** What the numbers stand on (the history's fetch date and the runs reported here): read from the data, not the clock. */
  basis: ExportBasis
  matrix: readonly MatrixElement[]
  patterns: readonly PatternElement[]
  stats: SnapshotStats
  items: Parameters<typeof exportNames>[0]
  stages: Parameters<typeof exportNames>[1]
}

const byKey = <T>(list: readonly T[], key: (t: T) => string) => [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
const openEnd = (end: number | null) => (end !== null && end >= NO_END_MS ? null : end)
const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`

/**
 * One server's snapshot files: `<server>.json.gz` (the three tables) and a CSV per table. Rows are in a fixed
 * order and the only time inside is the stated as-of; gzip writes no timestamp (Node's header carries mtime 0),
 * so the same data version gives the same bytes, hence the same SHA-256 and ETag.
 */
export const buildSnapshotFiles = async (input: SnapshotInput): Promise<(StoredExportFile & { body: Buffer })[]> => {
  const { server, asOf, dataVersion, basis } = input
  const matrix = matrixExportRows(input.matrix, input.items, input.stages).map((r) => ({ ...r, end: openEnd(r.end) }))
  const patterns = input.patterns.map((p) => ({ ...p, end: openEnd(p.end) }))
  const stats: SnapshotStats = {
    totalStageTimes: byKey(input.stats.totalStageTimes, (s) => s.stageId),
    totalItemQuantities: byKey(input.stats.totalItemQuantities, (i) => i.itemId),
    totalApCost: input.stats.totalApCost,
  }
  const asOfIso = new Date(asOf).toISOString()
  const json = JSON.stringify({
    license: LICENSE,
    licenseUrl: LICENSE_URL,
    attribution: SNAPSHOT_ATTRIBUTION,
    basis,
    server,
    asOf,
    asOfIso,
    dataVersion,
    matrix,
    patternMatrix: patterns,
    stats,
  })
  const { itemName, stageCode } = exportNames(input.items, input.stages)
  const head = (table: string) => [
    csvCell(`# ${SNAPSHOT_ATTRIBUTION}`),
    csvCell(`# ${basis.line}`),
    csvCell(`# ${table} server=${server} asOf=${asOfIso} dataVersion=aggregates:${dataVersion.aggregates} gameData:${dataVersion.gameData}`),
  ]
  const matrixCsv = csv([...head('drop matrix'), MATRIX_CSV_COLUMNS, ...matrix.map(matrixCsvLine)])
  const patternsCsv = csv([
    ...head('pattern matrix'),
    'stageId,stageCode,times,quantity,start,end,drops,dropNames',
    ...patterns.map((p) =>
      [
        p.stageId,
        stageCode.get(p.stageId) ?? p.stageId,
        p.times,
        p.quantity,
        p.start,
        p.end,
        p.pattern.drops.map((d) => `${d.itemId}:${d.quantity}`).join(';'),
        p.pattern.drops.map((d) => `${itemName.get(d.itemId) ?? d.itemId} ×${d.quantity}`).join('; '),
      ]
        .map(csvCell)
        .join(','),
    ),
  ])
  const statsCsv = csv([
    ...head('site statistics (all time)'),
    'kind,id,name,value',
    ...stats.totalStageTimes.map((s) => ['stageTimes', s.stageId, stageCode.get(s.stageId) ?? s.stageId, s.times].map(csvCell).join(',')),
    ...stats.totalItemQuantities.map((i) => ['itemQuantity', i.itemId, itemName.get(i.itemId) ?? i.itemId, i.quantity].map(csvCell).join(',')),
    ['apCost', '', 'total sanity spent', stats.totalApCost].map(csvCell).join(','),
  ])
  const parts: [string, 'json' | 'csv', StoredExportFile['table'], string][] = [
    [`${server}.json.gz`, 'json', 'all', json],
    [`${server}-matrix.csv.gz`, 'csv', 'matrix', matrixCsv],
    [`${server}-patterns.csv.gz`, 'csv', 'patterns', patternsCsv],
    [`${server}-stats.csv.gz`, 'csv', 'stats', statsCsv],
  ]
  return Promise.all(
    parts.map(async ([name, format, table, text]) => {
      const body = await gzipAsync(Buffer.from(text, 'utf8'), { level: 9 })
      return { name, server, format, table, body, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') }
    }),
  )
}
