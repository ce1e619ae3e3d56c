import { operation } from '../../lib/operation-doc'
import { ApiErrorSchema, ExportMatrixQuerySchema } from '@dropwise/schemas'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ShareService } from './share.service'

/** `/short[/:word]` (api-v2.md §9.2) and `/export/matrix` (ours: open data with attribution). */
export const shareRoutes: FastifyPluginAsyncZod<{ share: ShareService }> = async (app, { share }) => {
  const short = async (word: string | undefined, reply: FastifyReply) =>
    reply
      .code(302)
      .header('Cache-Control', 'no-cache')
      .redirect(await share.resolveShort(word), 302)
  app.get(
    '/short',
    {
      schema: {
        ...operation({
          operationId: 'shortLinkHome',
          access: 'anonymous',
          responses: { '200': null, '302': { description: 'Redirect to the site root.', headers: { Location: { schema: { type: 'string' } } } } },
        }),
        tags: ['share'],
        summary: 'Short link to the site root',
      },
    },
    async (_req, reply) => short(undefined, reply),
  )
  app.get(
    '/short/:word',
    {
      schema: {
        ...operation({
          operationId: 'shortLink',
          access: 'anonymous',
          responses: {
            '200': null,
            '302': { description: 'Redirect to the item or stage page, else to a search.', headers: { Location: { schema: { type: 'string' } } } },
          },
        }),
        tags: ['share'],
        summary: 'Short link: item or stage by name, code or id, else a search',
        params: z.object({ word: z.string() }),
      },
    },
    async (req, reply) => short(req.params.word, reply),
  )
  app.get(
    '/export/matrix',
    {
      schema: {
        ...operation({
          operationId: 'exportMatrix',
          access: 'anonymous',
          responses: {
            '200': {
              description: 'The file (`Content-Disposition: attachment`), with the CC BY-NC 4.0 attribution inside.',
              content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object' } } },
            },
          },
        }),
        tags: ['share'],
        summary: 'Download the global drop matrix (CSV or JSON, licence and attribution included)',
        querystring: ExportMatrixQuerySchema,
        response: { 200: z.string().describe('CSV text or JSON document'), 400: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const q = req.query
      const file = await share.exportMatrix(q.server, q.category, q.show_closed_zones ?? true, q.format, {
        ...(q.stageId ? { stageId: q.stageId } : {}),
        ...(q.itemId ? { itemId: q.itemId } : {}),
      })
      return reply
        .type(file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'public, max-age=300')
        .send(file.body)
    },
  )
}
