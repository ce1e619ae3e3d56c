import type { OperationDoc } from './docs-operation-types'

const V2 = '/api/v2'

/** Versioned open data and the changes feed (docs/api-extensions.md §3n): their entries of docs-operations.ts. */
export const OPEN_DATA_OPERATIONS: Record<string, OperationDoc> = {
  [`GET ${V2}/export/snapshots`]: {
    operationId: 'listExportSnapshots',
    access: 'anonymous',
    revalidated: true,
    description:
      'A snapshot per UTC day and one per game-data version (`v<version>`), kept 30 days: per server the global matrix, the pattern matrix and the ' +
      'all-time site statistics, as gzip JSON and CSV with the CC BY-NC 4.0 attribution inside. Simulated demo reports are never counted.',
  },
  [`GET ${V2}/export/snapshots/{snapshot}/{file}`]: {
    operationId: 'getExportFile',
    access: 'anonymous',
    revalidated: true,
    description:
      'The gzip file as stored (served as `application/gzip`, no `Content-Encoding`): its SHA-256 is the index’s and its `ETag`. The same data ' +
      'version gives the same bytes. `latest` is the newest snapshot (`Content-Location` names it). An unknown snapshot or file is 400 `NOT_FOUND`.',
    responses: {
      '200': {
        description: 'The file (`Content-Disposition: attachment`); without `.gz`, its content as CSV or JSON (gzip-encoded to clients that accept it).',
        content: {
          'application/gzip': { schema: { type: 'string', contentMediaType: 'application/gzip' } },
          'text/csv': { schema: { type: 'string' } },
          'application/json': { schema: { type: 'object' } },
        },
      },
    },
  },
  [`GET ${V2}/changes`]: {
    operationId: 'getChanges',
    access: 'anonymous',
    revalidated: true,
    description:
      'The game-data versions after `since` (what each changed per kind, with the ids: stages, items, zones, drop-info windows as `server|stageId`, ' +
      'periods, operators) and the rejection-rule changes; poll `next` with `If-None-Match`. A `since` that is not a whole number or is newer than the ' +
      'newest version is 400.',
  },
}
