import { operation } from '../../lib/operation-doc'
import { ApiErrorSchema, PlannerRequestSchema, PlannerResponseSchema } from '@dropwise/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { PlannerService } from './planner.service'

/**
 * `POST /planner/plan`: ArkPlanner's request and response shapes, no credentials, so tools that call
 * ArkPlanner can switch to us. A plan that cannot be made (an item nobody can obtain) is a 200 answer
 * `{error: true, reason}` as ArkPlanner gives it; a malformed request is a 400 `{code, message}` that
 * also carries `error` and `reason` for ArkPlanner clients.
 */
const PlannerErrorSchema = ApiErrorSchema.extend({ error: z.literal(true).optional(), reason: z.string().optional() })

export interface PlannerRoutesOptions {
  planner: PlannerService
  /**
   * Whether the API description lists this copy. The planner is also served under both v2 prefixes
   * (`/api/v2/planner/plan`, `/PenguinStats/api/v2/planner/plan`); the document lists `/planner/plan` once.
   */
  documented?: boolean
}

export const plannerRoutes: FastifyPluginAsyncZod<PlannerRoutesOptions> = async (app, { planner, documented = true }) => {
  app.post(
    '/planner/plan',
    {
      schema: {
        ...operation({
          operationId: 'plan',
          access: 'anonymous',
          description:
            'ArkPlanner’s request and answer. Also served as `/api/v2/planner/plan` and `/PenguinStats/api/v2/planner/plan`; the public web client’s planner host (`https://planner.penguin-stats.io/plan`) is routed here by a reverse-proxy rule (docs/api-extensions.md §2). A plan that cannot be made is a 200 `{error: true, reason}`.',
        }),
        hide: !documented,
        tags: ['planner'],
        summary: 'Farming plan (ArkPlanner-compatible)',
        body: PlannerRequestSchema,
        response: { 200: PlannerResponseSchema, 400: PlannerErrorSchema, 500: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const answer = await planner.plan(req.body)
      if ('error' in answer && answer.error) {
        if (answer.code === 'bad-request' || answer.code === 'unknown-item') {
          return reply.code(400).send({ code: 'INVALID_REQUEST', message: answer.reason, error: true, reason: answer.reason })
        }
        if (answer.code === 'solver-error') {
          req.log.error({ answer }, 'planner solver error')
          return reply.code(500).send({ code: 'INTERNAL_ERROR', message: 'internal server error occurred' })
        }
      }
      return answer
    },
  )
}
