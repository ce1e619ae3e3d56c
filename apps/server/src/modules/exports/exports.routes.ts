import { operation } from '../../lib/operation-doc'
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import { ApiErrorSchema, ChangesFeedSchema, ChangesQuerySchema, ExportFileParamsSchema, ExportIndexSchema } from '@dropwise/schemas'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../lib/errors'
import { etagMatches, sendJson } from '../../lib/http-cache'
import { DATA_VERSION_HEADER } from '../catalog/catalog.service'
import type { ChangesService } from './changes.service'
import type { ExportsService } from './exports.service'

const tags = ['share']
// Well inside the 60 s freshness promise: a cache in front serves a feed at most 10 s old.
const FEED_CACHE = 'public, max-age=10'
const LATEST_CACHE = 'public, max-age=300'
// A dated snapshot never changes (it may only be pruned after 30 days).
const DATED_CACHE = 'public, max-age=86400'

// Plain replies: the typed ones know only the statuses and bodies the schemas list.
const notModified = (reply: FastifyReply) => reply.code(304).send()
const sendGzip = (reply: FastifyReply, body: Buffer) => reply.type('application/gzip').send(body)
const sendEncoded = (reply: FastifyReply, type: string, body: Buffer) => reply.type(type).header('Content-Encoding', 'gzip').send(body)
const sendPlain = (reply: FastifyReply, type: string, body: Buffer) => reply.type(type).send(body)
const gunzipAsync = promisify(gunzip)

/** `/export/snapshots…` and `/changes` (docs/api-extensions.md §3n), under each v2 base. */
export const exportsRoutes: FastifyPluginAsyncZod<{ exports: ExportsService; changes: ChangesService; servedDataVersion: () => number }> = async (
  app,
  { exports, changes, servedDataVersion },
) => {
  // Every v2 answer names the game-data version it was answered under (§3j), these too.
  app.addHook('onSend', (_req, reply, payload, done) => {
    const served = servedDataVersion()
    if (served > 0) reply.header(DATA_VERSION_HEADER, String(served))
    done(null, payload)
  })
  const revalidate = (ifNoneMatch: string | undefined, reply: FastifyReply, etag: string, cache: string) => {
    reply.header('ETag', etag).header('Cache-Control', cache).header('Vary', 'Origin')
    return etagMatches(ifNoneMatch, etag)
  }

  app.get(
    '/export/snapshots',
    {
      schema: {
        ...operation({
          operationId: 'listExportSnapshots',
          access: 'anonymous',
          revalidated: true,
          description:
            'A snapshot per UTC day and one per game-data version (`v<version>`), kept 30 days: per server the global matrix, the pattern matrix and the all-time site statistics, as gzip JSON and CSV with the CC BY-NC 4.0 attribution inside. Simulated demo reports are never counted.',
        }),
        tags,
        summary: 'Open-data snapshots: every kept one with its files, sizes and SHA-256, newest first',
        response: { 200: ExportIndexSchema },
      },
    },
    async (req, reply) => {
      const body = JSON.stringify(await exports.index())
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`
      if (revalidate(req.headers['if-none-match'], reply, etag, FEED_CACHE)) return notModified(reply)
      return sendJson(reply, body)
    },
  )

  app.get(
    '/export/snapshots/:snapshot/:file',
    {
      schema: {
        ...operation({
          operationId: 'getExportFile',
          access: 'anonymous',
          revalidated: true,
          description:
            'The gzip file as stored (served as `application/gzip`, no `Content-Encoding`): its SHA-256 is the index’s and its `ETag`. The same data version gives the same bytes. `latest` is the newest snapshot (`Content-Location` names it). An unknown snapshot or file is 400 `NOT_FOUND`.',
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
        }),
        tags,
        summary: 'One file of a snapshot (gzip, or decoded without `.gz`; `latest` = the newest snapshot)',
        params: ExportFileParamsSchema,
        response: { 200: z.string().describe('the gzip file'), 400: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const { snapshot, file } = req.params
      const gz = file.endsWith('.gz')
      const found = await exports.file(snapshot, gz ? file : `${file}.gz`)
      if (!found) throw notFound()
      // The decoded form is another representation of the same bytes: a weak tag of the same hash.
      const etag = gz ? `"${found.sha256}"` : `W/"${found.sha256}"`
      reply.header('Content-Disposition', `attachment; filename="dropwise-${found.snapshotId}-${file}"`)
      if (snapshot === 'latest') reply.header('Content-Location', `/api/v2/export/snapshots/${found.snapshotId}/${file}`)
      if (revalidate(req.headers['if-none-match'], reply, etag, snapshot === 'latest' ? LATEST_CACHE : DATED_CACHE)) return notModified(reply)
      if (gz) return sendGzip(reply, found.body)
      reply.header('Vary', 'Accept-Encoding, Origin')
      const type = file.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8'
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return sendEncoded(reply, type, found.body)
      return sendPlain(reply, type, await gunzipAsync(found.body))
    },
  )

  app.get(
    '/changes',
    {
      schema: {
        ...operation({
          operationId: 'getChanges',
          access: 'anonymous',
          revalidated: true,
          description:
            'The game-data versions after `since` (what each changed per kind, with the ids: stages, items, zones, drop-info windows as `server|stageId`, periods, operators) and the rejection-rule changes; poll `next` with `If-None-Match`. A `since` that is not a whole number or is newer than the newest version is 400.',
        }),
        tags: ['reference data'],
        summary: 'What changed since a game-data version: versions (with ids per kind) and rejection-rule changes',
        querystring: ChangesQuerySchema,
        response: { 200: ChangesFeedSchema, 400: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const { body, etag } = await changes.feed(req.query.since ?? 0, req.query.rules_since)
      if (revalidate(req.headers['if-none-match'], reply, etag, FEED_CACHE)) return notModified(reply)
      return sendJson(reply, body)
    },
  )
}
