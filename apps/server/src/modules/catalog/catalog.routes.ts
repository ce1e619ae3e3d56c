import { operation } from '../../lib/operation-doc'
import {
  ApiErrorSchema,
  FormulaListSchema,
  FrontendConfigSchema,
  ItemListSchema,
  ItemSchema,
  NoticeListSchema,
  PeriodListSchema,
  ServerQuerySchema,
  StageListSchema,
  StageSchema,
  ZoneListSchema,
  ZoneSchema,
} from '@dropwise/schemas'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { etagMatches, sendJson, setPublicCache } from '../../lib/http-cache'
import type { CachedBody, CatalogService } from './catalog.service'

const errors = { 400: ApiErrorSchema }
const tags = ['reference data']

/** Reference-data endpoints (api-v2.md §6.1-6.7). */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const cached = (get: () => Promise<CachedBody>) => async (req: FastifyRequest, reply: FastifyReply) => {
    const { body, builtAt, etag } = await get()
    setPublicCache(reply, builtAt, etag)
    // A cache revalidating a list it holds (the web app after a new game-data version): 304 while it is the same.
    if (etag && etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send()
    return sendJson(reply, body)
  }

  app.get(
    '/items',
    {
      schema: {
        ...operation({ operationId: 'getItems', access: 'anonymous', revalidated: true, ok: 'Every item of every server (clients filter on `existence`).' }),
        tags,
        summary: 'All items',
        response: { 200: ItemListSchema },
      },
    },
    cached(catalog.items),
  )
  app.get(
    '/items/:itemId',
    {
      schema: {
        ...operation({ operationId: 'getItem', access: 'anonymous', ok: 'The item.' }),
        tags,
        summary: 'One item',
        params: z.object({ itemId: z.string() }),
        response: { 200: ItemSchema, ...errors },
      },
    },
    async (req) => catalog.item(req.params.itemId),
  )
  app.get(
    '/stages',
    {
      schema: {
        ...operation({
          operationId: 'getStages',
          access: 'anonymous',
          revalidated: true,
          ok: 'Every stage; `dropInfos` only on stages open now on the server (the key is left out, never empty, on closed ones).',
        }),
        tags,
        summary: 'All stages, with the drop infos active now on the server',
        querystring: ServerQuerySchema,
        response: { 200: StageListSchema, ...errors },
      },
    },
    async (req, reply) => cached(() => catalog.stages(req.query.server))(req, reply),
  )
  app.get(
    '/stages/:stageId',
    {
      schema: {
        ...operation({ operationId: 'getStage', access: 'anonymous', ok: 'The stage.' }),
        tags,
        summary: 'One stage',
        params: z.object({ stageId: z.string() }),
        querystring: ServerQuerySchema,
        response: { 200: StageSchema, ...errors },
      },
    },
    async (req) => catalog.stage(req.params.stageId, req.query.server),
  )
  app.get(
    '/zones',
    {
      schema: {
        ...operation({ operationId: 'getZones', access: 'anonymous', revalidated: true, ok: 'Every zone.' }),
        tags,
        summary: 'All zones',
        response: { 200: ZoneListSchema },
      },
    },
    cached(catalog.zones),
  )
  app.get(
    '/zones/:zoneId',
    {
      schema: {
        ...operation({ operationId: 'getZone', access: 'anonymous', ok: 'The zone.' }),
        tags,
        summary: 'One zone',
        params: z.object({ zoneId: z.string() }),
        response: { 200: ZoneSchema, ...errors },
      },
    },
    async (req) => catalog.zone(req.params.zoneId),
  )
  app.get(
    '/notice',
    {
      schema: {
        ...operation({ operationId: 'getNotices', access: 'anonymous', ok: 'Notices by id (may be empty).' }),
        tags,
        summary: 'Notices (markdown)',
        response: { 200: NoticeListSchema },
      },
    },
    cached(catalog.notices),
  )
  app.get(
    '/period',
    {
      schema: {
        ...operation({ operationId: 'getPeriods', access: 'anonymous', revalidated: true, ok: 'Event periods (`end` null while open).' }),
        tags,
        summary: 'Event periods',
        response: { 200: PeriodListSchema },
      },
    },
    cached(catalog.periods),
  )
  app.get(
    '/config',
    {
      schema: {
        ...operation({
          operationId: 'getConfig',
          access: 'anonymous',
          description:
            'The operator’s configuration, verbatim, plus what this server adds (docs/api-extensions.md §3d: `planner`, `demo`, `recognizer`, `itemIcons`, `assets`). Any key may appear: clients keep what they do not know.',
          ok: 'An open JSON object.',
        }),
        tags,
        summary: 'Frontend config',
        response: { 200: FrontendConfigSchema },
      },
    },
    async (_req, reply) => sendJson(reply, (await catalog.config()).body),
  )
  app.get(
    '/formula',
    {
      schema: {
        ...operation({ operationId: 'getFormulas', access: 'anonymous', ok: 'Workshop formulas (ArkPlanner keys on `name`).' }),
        tags,
        summary: 'Workshop formulas',
        response: { 200: FormulaListSchema },
      },
    },
    async (_req, reply) => sendJson(reply, (await catalog.formulas()).body),
  )
}
