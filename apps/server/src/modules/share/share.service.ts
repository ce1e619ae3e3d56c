import type { Category, MatrixElement, Server } from '@dropwise/schemas'
import { NO_END_MS, resolveShortWord } from '@dropwise/schemas'
import { notFound } from '../../lib/errors'
import type { CatalogService } from '../catalog/catalog.service'
import type { MatrixService } from '../matrix/matrix.service'
import { exportBasis } from './basis-line'

/** The licence line every export carries: the drop data is Penguin Statistics data. */
export const DATA_ATTRIBUTION =
  'Drop data: Penguin Statistics (https://penguin-stats.io), licensed CC BY-NC 4.0 (https://creativecommons.org/licenses/by-nc/4.0/); ' +
  'reports collected by Dropwise are published under the same licence. Credit the source; no commercial use.'

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v)
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/** English names and codes of the catalog, for readable export rows (the ids stay the keys). */
export const exportNames = (
  items: readonly { itemId: string; name: string; name_i18n: Record<string, string | undefined> }[],
  stages: readonly { stageId: string; code_i18n: unknown }[],
) => ({
  itemName: new Map(items.map((i) => [i.itemId, i.name_i18n.en || i.name])),
  stageCode: new Map(stages.map((s) => [s.stageId, (s.code_i18n as Record<string, string>).en ?? s.stageId])),
})

/** Matrix elements as export rows: the stage's code, the item's name and the drop rate added. */
export const matrixExportRows = (elements: readonly MatrixElement[], items: Parameters<typeof exportNames>[0], stages: Parameters<typeof exportNames>[1]) => {
  const { itemName, stageCode } = exportNames(items, stages)
  return elements.map((e) => ({
    ...e,
    stageCode: stageCode.get(e.stageId) ?? e.stageId,
    itemName: itemName.get(e.itemId) ?? e.itemId,
    dropRate: e.times > 0 ? e.quantity / e.times : null,
  }))
}
export type MatrixExportRow = ReturnType<typeof matrixExportRows>[number]

export const MATRIX_CSV_COLUMNS = 'stageId,stageCode,itemId,itemName,times,quantity,dropRate,stdDev,start,end'
export const matrixCsvLine = (r: MatrixExportRow) =>
  [r.stageId, r.stageCode, r.itemId, r.itemName, r.times, r.quantity, r.dropRate, r.stdDev, r.start, r.end].map(csvCell).join(',')

export interface ExportFilter {
  stageId?: string
  itemId?: string
}

/**
 * Short links (api-v2.md §9.2) and open-data exports of the drop matrix.
 */
export const createShareService = ({ catalog, matrix, clock }: { catalog: CatalogService; matrix: MatrixService; clock: () => number }) => ({
  /** Where `/short/:word` sends the browser: a path of our web app (the rule is `@dropwise/schemas`' `resolveShortWord`). */
  async resolveShort(raw: string | undefined): Promise<string> {
    let word = raw ?? ''
    try {
      word = decodeURIComponent(word)
    } catch {
      // keep the raw text
    }
    const [items, stages] = await Promise.all([catalog.itemList(), catalog.stageRecords()])
    return resolveShortWord(
      word,
      items,
      stages.map((s) => ({ stageId: s.stageId, zoneId: s.zoneId, code_i18n: s.code_i18n as Record<string, string> })),
    )
  },

  /**
   * The global matrix as a downloadable file (CSV or JSON), with the licence inside the file;
   * `filter` keeps one stage's and/or one item's rows (an unknown id is 400 NOT_FOUND).
   */
  async exportMatrix(server: Server, category: Category, showClosed: boolean, format: 'csv' | 'json', filter: ExportFilter = {}) {
    const now = clock()
    const [all, items, stages, sample] = await Promise.all([
      matrix.globalElements(server, category, showClosed),
      catalog.itemList(),
      catalog.stageRecords(),
      matrix.basis(server, null),
    ])
    if (filter.stageId !== undefined && !stages.some((s) => s.stageId === filter.stageId)) throw notFound()
    if (filter.itemId !== undefined && !items.some((i) => i.itemId === filter.itemId)) throw notFound()
    const elements = all.filter((e) => (filter.stageId === undefined || e.stageId === filter.stageId) && (filter.itemId === undefined || e.itemId === filter.itemId))
    const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '')
    const scope = [filter.stageId, filter.itemId].filter((v): v is string => v !== undefined).map((v) => v.replace(/[^A-Za-z0-9_-]/g, '_'))
    const fileName = `dropwise-matrix-${[server, category, ...scope, day].join('-')}.${format}`
    const rows = matrixExportRows(elements, items, stages)
    const basis = exportBasis(sample)
    if (format === 'json') {
      const body = JSON.stringify({
        attribution: DATA_ATTRIBUTION,
        license: 'CC BY-NC 4.0',
        source: 'https://penguin-stats.io',
        basis,
        server,
        category,
        ...(filter.stageId !== undefined ? { stageId: filter.stageId } : {}),
        ...(filter.itemId !== undefined ? { itemId: filter.itemId } : {}),
        generatedAt: now,
        matrix: rows.map((r) => ({ ...r, end: r.end !== null && r.end >= NO_END_MS ? null : r.end })),
      })
      return { fileName, contentType: 'application/json; charset=utf-8', body }
    }
    const lines = [
      `# ${DATA_ATTRIBUTION}`,
      csvCell(`# ${basis.line}`),
      `# server=${server} category=${category}${filter.stageId !== undefined ? ` stageId=${filter.stageId}` : ''}${filter.itemId !== undefined ? ` itemId=${filter.itemId}` : ''} generatedAt=${new Date(now).toISOString()}`,
      MATRIX_CSV_COLUMNS,
      ...rows.map(matrixCsvLine),
    ]
    return { fileName, contentType: 'text/csv; charset=utf-8', body: `${lines.join('\r\n')}\r\n` }
  },
})
export type ShareService = ReturnType<typeof createShareService>
