import { operation } from '../../lib/operation-doc'
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
        ...operation({
          operationId: 'getMyReports',
          access: 'penguinId',
          limited: true,
          description:
            'The caller’s reports, newest first, held ones included, paged by `next`: what became of each (stored, recalled, rejected and why, held) and until when `POST /report/recall` takes it back (docs/api-extensions.md §3k). Never cached publicly.',
        }),
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
        ...operation({
          operationId: 'recallRecognitionBatch',
          access: 'penguinId',
          limited: true,
          description:
            'Recalls every report of one recognition batch by the `taskId` its upload was answered with, under the rule of `POST /report/recall` (owner only, within 24 hours); reports already recalled are skipped. 400 `report not existed or has already been recalled` when none could be.',
        }),
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
