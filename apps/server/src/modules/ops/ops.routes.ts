import { operation } from '../../lib/operation-doc'
import { createHash } from 'node:crypto'
import {
  AboutContentSchema,
  AboutSchema,
  ApiErrorSchema,
  AuditPageSchema,
  AuditQuerySchema,
  NoticeInputSchema,
  OpsNoticeListSchema,
  OpsNoticeSchema,
  RejectionRuleInputSchema,
  RejectionRuleListSchema,
  RuleAddedSchema,
  RuleRemovedSchema,
} from '@dropwise/schemas'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { setNoStore } from '../../lib/http-cache'
import type { OpsAuth } from '../../lib/ops-auth'
import type { OpsService } from './ops.service'

export const OPS_PREFIX = '/api/_/ops'
const tags = ['operations']
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema }
const NoticeParams = z.object({ noticeId: z.coerce.number().int().positive() })
const RuleParams = z.object({ ruleId: z.coerce.number().int().positive() })

/** The audit's "who": the first 12 hex digits of the token's SHA-256 (the check already accepted it). */
export const tokenFingerprint = (req: FastifyRequest) => {
  const token = /^Bearer[ \t]+(\S+)/i.exec(req.headers.authorization ?? '')?.[1] ?? ''
  return `token:${createHash('sha256').update(token, 'utf8').digest('hex').slice(0, 12)}`
}

/**
 * `GET /api/_/about` (public: the about pages' content) and the operators' routes under `/api/_/ops/`,
 * each behind `Authorization: Bearer <OPS_TOKEN>` (401 `{code, message}` otherwise, before the body is read).
 */
export const opsRoutes: FastifyPluginAsyncZod<{ ops: OpsService; auth: OpsAuth }> = async (app, { ops, auth }) => {
  app.get(
    '/api/_/about',
    {
      schema: {
        ...operation({ operationId: 'getAbout', access: 'anonymous' }),
        tags,
        summary: 'The about pages’ content (members, contact, donation); null when none is set',
        response: { 200: AboutSchema },
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'public, max-age=60')
      return ops.about()
    },
  )

  await app.register(async (scope) => {
    const guarded = scope.withTypeProvider<ZodTypeProvider>()
    guarded.addHook('onRequest', auth.check)
    guarded.addHook('onSend', async (_req, reply) => setNoStore(reply))

    guarded.get(
      `${OPS_PREFIX}/notices`,
      {
        schema: {
          ...operation({ operationId: 'listOpsNotices', access: 'opsToken' }),
          tags,
          summary: 'Every notice, retired ones too',
          response: { 200: OpsNoticeListSchema, ...errors },
        },
      },
      async () => ops.notices(),
    )
    guarded.post(
      `${OPS_PREFIX}/notices`,
      {
        schema: {
          ...operation({ operationId: 'addNotice', access: 'opsToken', ok: 'The notice as stored.' }),
          tags,
          summary: 'Add a notice (shown by /notice and the bulletin)',
          body: NoticeInputSchema,
          response: { 201: OpsNoticeSchema, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await ops.addNotice(req.body, tokenFingerprint(req))),
    )
    guarded.put(
      `${OPS_PREFIX}/notices/:noticeId`,
      {
        schema: {
          ...operation({ operationId: 'editNotice', access: 'opsToken', ok: 'The notice as stored.' }),
          tags,
          summary: 'Replace a notice’s severity, text and existence',
          params: NoticeParams,
          body: NoticeInputSchema,
          response: { 200: OpsNoticeSchema, ...errors },
        },
      },
      async (req) => ops.editNotice(req.params.noticeId, req.body, tokenFingerprint(req)),
    )
    guarded.delete(
      `${OPS_PREFIX}/notices/:noticeId`,
      {
        schema: {
          ...operation({ operationId: 'retireNotice', access: 'opsToken', ok: 'The retired notice.' }),
          tags,
          summary: 'Retire a notice (kept, no longer shown)',
          params: NoticeParams,
          response: { 200: OpsNoticeSchema, ...errors },
        },
      },
      async (req) => ops.retireNotice(req.params.noticeId, tokenFingerprint(req)),
    )

    guarded.put(
      `${OPS_PREFIX}/about`,
      {
        schema: {
          ...operation({ operationId: 'setAbout', access: 'opsToken', ok: 'The content now served by `GET /api/_/about`.' }),
          tags,
          summary: 'Set the about pages’ content',
          body: AboutContentSchema,
          response: { 200: AboutSchema, ...errors },
        },
      },
      async (req) => (await ops.setAbout(req.body, tokenFingerprint(req))).about,
    )
    guarded.delete(
      `${OPS_PREFIX}/about`,
      {
        schema: {
          ...operation({ operationId: 'clearAbout', access: 'opsToken', ok: 'No content: the about pages show their empty state.' }),
          tags,
          summary: 'Clear the about pages’ content',
          response: { 200: AboutSchema, ...errors },
        },
      },
      async (req) => (await ops.setAbout(null, tokenFingerprint(req))).about,
    )

    guarded.get(
      `${OPS_PREFIX}/rules`,
      {
        schema: {
          ...operation({ operationId: 'listRejectionRules', access: 'opsToken' }),
          tags,
          summary: 'Rejection rules, removed ones too, with the reports each rejects now',
          response: { 200: RejectionRuleListSchema, ...errors },
        },
      },
      async () => ops.rules(),
    )
    guarded.post(
      `${OPS_PREFIX}/rules`,
      {
        schema: {
          ...operation({ operationId: 'addRejectionRule', access: 'opsToken', ok: 'The rule, and how many counted reports it took out.' }),
          tags,
          summary: 'Add a rejection rule: matching counted reports leave the statistics now, matching new ones are rejected when verified',
          body: RejectionRuleInputSchema,
          response: { 201: RuleAddedSchema, ...errors },
        },
      },
      async (req, reply) => reply.code(201).send(await ops.addRule(req.body, tokenFingerprint(req))),
    )
    guarded.delete(
      `${OPS_PREFIX}/rules/:ruleId`,
      {
        schema: {
          ...operation({ operationId: 'removeRejectionRule', access: 'opsToken', ok: 'The removed rule, and what became of its reports.' }),
          tags,
          summary: 'Remove a rejection rule: the reports it rejected are counted again',
          params: RuleParams,
          response: { 200: RuleRemovedSchema, ...errors },
        },
      },
      async (req) => ops.removeRule(req.params.ruleId, tokenFingerprint(req)),
    )

    guarded.get(
      `${OPS_PREFIX}/audit`,
      {
        schema: {
          ...operation({ operationId: 'listAudit', access: 'opsToken' }),
          tags,
          summary: 'Every change made through these routes, newest first',
          querystring: AuditQuerySchema,
          response: { 200: AuditPageSchema, ...errors },
        },
      },
      async (req) => ops.audit(req.query.limit, req.query.before),
    )
  })
}
