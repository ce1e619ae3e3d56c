import { operation } from '../../lib/operation-doc'
import {
  AdvancedQueryRequestSchema,
  AdvancedResultsResponseSchema,
  ApiErrorSchema,
  CategorySchema,
  PatternQuerySchema,
  PatternResponseSchema,
  ResultSourceSchema,
  ServerQuerySchema,
  ServerSchema,
  TrendResultSchema,
  type Category,
  type Server,
} from '@dropwise/schemas'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendJson, setPrivate, setPublicCache } from '../../lib/http-cache'
import { budgetKey, type Budget } from '../../lib/limits'
import type { IdentityGuard } from '../accounts/identity-guard'
import { penguinIdOf } from '../accounts/identity'
import { SIMULATED_RUNS_HEADER } from '../demo/demo-source'
import type { AdvancedService } from './advanced.service'
import type { PatternsService } from './patterns.service'
import type { ResultsAnswer } from './results-answer'
import type { TrendsService } from './trends.service'

const tags = ['results']

const send = (reply: FastifyReply, answer: ResultsAnswer) => {
  if (answer.personal) setPrivate(reply)
  else setPublicCache(reply, answer.builtAt)
  reply.header(SIMULATED_RUNS_HEADER, String(answer.simulatedRuns))
  return sendJson(reply, answer.body)
}

/** `/result/pattern`, `/result/trends`, `/result/advanced` and their `_private` twins (api-v2.md §8.2-8.5). */
export const resultsRoutes: FastifyPluginAsyncZod<{
  patterns: PatternsService
  trends: TrendsService
  advanced: AdvancedService
  advancedBudget: Budget
  identityGuard: IdentityGuard
}> = async (app, { patterns, trends: trendsService, advanced: advancedService, advancedBudget, identityGuard }) => {
  app.get(
    '/result/pattern',
    {
      schema: {
        ...operation({
          operationId: 'getPatterns',
          access: 'penguinIdOptional',
          limited: true,
          description: 'At most 19 patterns per stage (the most frequent) unless `show_all_patterns` is exactly `true`.',
        }),
        tags,
        summary: 'Pattern matrix (category is always all)',
        querystring: PatternQuerySchema,
        response: { 200: PatternResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const { server, is_personal, show_all_patterns } = req.query
      if (is_personal) await identityGuard(req, reply, penguinIdOf(req))
      const answer = await patterns.matrix(
        // Exactly the string "true" lifts the cap (§8.2).
        { server, category: 'all', personal: is_personal ?? false, showAll: show_all_patterns === 'true' },
        penguinIdOf(req),
      )
      return send(reply, answer)
    },
  )

  // The web client's path has an optional last segment: two routes, as for the matrix.
  const webPatterns = async (req: FastifyRequest, reply: FastifyReply, params: { server: Server; source: string; category?: Category | undefined }) => {
    const { server, source, category } = params
    if (source === 'personal') await identityGuard(req, reply, penguinIdOf(req))
    const answer = await patterns.matrix({ server, category: category ?? 'all', personal: source === 'personal', showAll: false }, penguinIdOf(req))
    return send(reply, answer)
  }
  app.get(
    '/_private/result/pattern/:server/:source',
    {
      schema: {
        ...operation({
          operationId: 'getWebPatterns',
          access: 'penguinIdOptional',
          limited: true,
          description: 'The web client’s form of `getPatterns`: the category is honoured, at most 19 patterns per stage.',
        }),
        tags,
        summary: 'Pattern matrix for the web client, category all (19 per stage)',
        params: z.object({ server: ServerSchema, source: ResultSourceSchema }),
        response: { 200: PatternResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (req, reply) => webPatterns(req, reply, req.params),
  )
  app.get(
    '/_private/result/pattern/:server/:source/:category',
    {
      schema: {
        ...operation({
          operationId: 'getWebPatternsByCategory',
          access: 'penguinIdOptional',
          limited: true,
          description: 'The web client’s form of `getPatterns`: the category is honoured, at most 19 patterns per stage.',
        }),
        tags,
        summary: 'Pattern matrix for the web client, one category (19 per stage)',
        params: z.object({ server: ServerSchema, source: ResultSourceSchema, category: CategorySchema }),
        response: { 200: PatternResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (req, reply) => webPatterns(req, reply, req.params),
  )

  const trends = async (server: z.infer<typeof ServerSchema>, reply: FastifyReply) => {
    const { body, builtAt, simulatedRuns } = await trendsService.global(server)
    setPublicCache(reply, builtAt)
    reply.header(SIMULATED_RUNS_HEADER, String(simulatedRuns))
    return sendJson(reply, body)
  }
  app.get(
    '/result/trends',
    {
      schema: {
        ...operation({ operationId: 'getTrends', access: 'anonymous' }),
        tags,
        summary: 'Daily global trends of the last 60 days',
        querystring: ServerQuerySchema,
        response: { 200: TrendResultSchema, 400: ApiErrorSchema },
      },
    },
    async (req, reply) => trends(req.query.server, reply),
  )
  app.get(
    '/_private/result/trend/:server',
    {
      schema: {
        ...operation({ operationId: 'getWebTrends', access: 'anonymous' }),
        tags,
        summary: 'Daily global trends for the web client',
        params: z.object({ server: ServerSchema }),
        response: { 200: TrendResultSchema, 400: ApiErrorSchema },
      },
    },
    async (req, reply) => trends(req.params.server, reply),
  )

  app.post(
    '/result/advanced',
    {
      // Custom windows read raw reports: 30 per 5 minutes and address, like the public service (§8.4).
      onRequest: async (req, reply) => advancedBudget.take(budgetKey(req), 1, reply),
      schema: {
        ...operation({
          operationId: 'queryAdvanced',
          access: 'penguinIdOptional',
          limited: true,
          description:
            'One answer per query, in order: a matrix over `[start, end)` or, with `interval`, a trend. A matrix has one row per (stage, item) pair with at least one run in the window (zero-quantity pairs with runs included); a window without reports answers `{"matrix": []}`. 30 requests per 5 minutes and address; `isPersonal` queries need a PenguinID.',
        }),
        tags,
        summary: 'Advanced queries: matrices over custom windows, or trends with an interval',
        body: AdvancedQueryRequestSchema,
        response: { 200: AdvancedResultsResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      if (req.body.queries.some((q) => q.isPersonal)) await identityGuard(req, reply, penguinIdOf(req))
      const { results: advanced, personal, simulatedRuns } = await advancedService.query(req.body, penguinIdOf(req))
      if (personal) setPrivate(reply)
      reply.header(SIMULATED_RUNS_HEADER, String(simulatedRuns))
      return { advanced_results: advanced }
    },
  )
}
