import type { Category, Server } from '@dropwise/schemas'

export const EXPORT_FORMATS = ['csv', 'json'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** `GET <apiBase>/export/matrix` (docs/api-extensions.md §3b) with the optional stage/item filters. */
export const exportUrl = (apiBase: string, q: { server: Server; category: Category; format: ExportFormat; stageId?: string; itemId?: string }) => {
  const params = new URLSearchParams({ server: q.server, format: q.format, category: q.category })
  if (q.stageId) params.set('stageId', q.stageId)
  if (q.itemId) params.set('itemId', q.itemId)
  return `${apiBase.replace(/\/$/, '')}/export/matrix?${params.toString()}`
}
