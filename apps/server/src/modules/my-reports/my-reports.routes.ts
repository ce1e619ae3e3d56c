import { ApiErrorSchema, BatchRecallRequestSchema, BatchRecallResponseSchema, MyReportsQuerySchema, MyReportsResponseSchema } from '@dropwise/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { setPrivate } from '../../lib/http-cache'
import { budgetKey, type Budget } from '../../lib/limits'
import { penguinIdOf } from '../accounts/identity'
import type { IdentityGuard } from '../accounts/identity-guard'
import type { MyReportsService } from './my-reports.service'

export interface MyReportsRoutesOptions {
  myReports: MyReportsService
  identityGuard: IdentityGuard
  /** The write budget of a client address (a batch recall is a write). */
  writes: Budget
}

/** `GET /_private/report/mine`, `POST /_private/report/recall/batch` (docs/api-extensions.md §3k). */
export const myReportsRoutes: FastifyPluginAsyncZod<MyReportsRoutesOptions> = async (app, { myReports, identityGuard, writes }) => {
  app.get(
    '/_private/report/mine',
    {
      schema: {
        tags: ['reports'],
        summary: 'Your reports, newest first, with what became of each and until when you may recall it (Dropwise extension)',
        querystring: MyReportsQuerySchema,
        response: { 200: MyReportsResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const penguinId = penguinIdOf(req)
      await identityGuard(req, reply, penguinId)
      setPrivate(reply)
      return myReports.list(penguinId, req.query)
    },
  )

  app.post(
    '/_private/report/recall/batch',
    {
      onRequest: async (req, reply) => writes.take(budgetKey(req), 1, reply),
      schema: {
        tags: ['reports'],
        summary: 'Recall every report of one of your recognition batches (owner only, within 24 h; Dropwise extension)',
        body: BatchRecallRequestSchema,
        response: { 200: BatchRecallResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      setPrivate(reply)
      return myReports.recallBatch(req.body.taskId, penguinIdOf(req))
    },
  )
}
