import { operation } from '../../lib/operation-doc'
import { ApiErrorSchema, RecallRequestSchema, RecognitionBatchResponseSchema, RecognitionBatchSchema, ReportRequestSchema, ReportResponseSchema } from '@dropwise/schemas'
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { invalidRequest } from '../../lib/errors'
import { budgetKey, type Budget } from '../../lib/limits'
import { penguinIdOf } from '../accounts/identity'
import type { IdentityGuard } from '../accounts/identity-guard'
import type { IdentityProofs, ProofKey } from '../accounts/identity-proof'
import { announcePenguinId, penguinIdHeaders } from '../accounts/penguin-id-cookie'
import type { IdempotencyStore, StoredResponse } from './idempotency.store'
import type { ReportsService } from './reports.service'

export interface ReportsRoutesOptions {
  reports: ReportsService
  idempotency: IdempotencyStore
  clock: () => number
  /** The write budget of a client address, shared by every write route and both API prefixes. */
  writes: Budget
  /** A PenguinID new to the address takes from its identity budget (whether it names an account shows in the answer). */
  identityGuard: IdentityGuard
  /** Signs the proof announced with a new account's PenguinID. */
  proofs: IdentityProofs
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9]{1,128}$/
export const IDEMPOTENCY_TTL_MS = 4 * 60 * 60 * 1000
/** How long a duplicate waits for the answer of the request in flight with its key before it runs itself. */
export const IDEMPOTENCY_WAIT_MS = 1250

declare module 'fastify' {
  interface FastifyRequest {
    /** The scoped idempotency key of the request, and whether it holds the key's in-flight mark. */
    idempotency?: { key: string; marked: boolean }
  }
}

/** Bodies sent as text/plain (or with a content type we do not parse) are still tried as JSON. */
const jsonBody = async (req: FastifyRequest) => {
  if (typeof req.body !== 'string') return
  try {
    req.body = JSON.parse(req.body)
  } catch (err) {
    throw invalidRequest(`invalid request: ${err instanceof Error ? err.message : 'body is not JSON'}`)
  }
}

/** The public web client's recognition upload: `<base64 RSA-wrapped key>:<base64 AES ciphertext>` (api-v2.md §7.7). */
const ENCRYPTED_BATCH = /^[A-Za-z0-9+/]+=*:[A-Za-z0-9+/]+=*$/

/**
 * The message that client shows for its refused upload (as `(400) <message>`). It never says
 * "unavailable": that word makes the client tell the player the site is being deployed.
 */
export const encryptedRecognitionMessage = (recognitionPage: string) =>
  'invalid request: Dropwise does not accept the encrypted screenshot upload of the Penguin Statistics web client. ' +
  `Please recognise and report your screenshots on Dropwise's own recognition page: ${recognitionPage}`

/**
 * `POST /report/recognition` takes the batch as plain JSON. The public web client encrypts it with the
 * public service's key (docs/api-extensions.md §1): that body gets a 400 naming our recognition page
 * instead of a JSON parser error.
 */
const recognitionBody = async (req: FastifyRequest) => {
  if (typeof req.body === 'string') {
    const text = req.body.trim()
    let json = true
    try {
      JSON.parse(text)
    } catch {
      json = false
    }
    if (!json && (ENCRYPTED_BATCH.test(text) || req.headers['x-penguin-variant'] !== undefined)) {
      throw invalidRequest(encryptedRecognitionMessage(req.host ? `${req.protocol}://${req.host}/report/recognition` : '/report/recognition'))
    }
  }
  return jsonBody(req)
}

/**
 * Idempotency keys belong to their caller (its PenguinID, else its address): a key replayed by anyone
 * else is a new request, so nobody can fetch another caller's answer (and freshly issued PenguinID).
 */
const scopedKey = (req: FastifyRequest, key: string) => {
  const penguinId = penguinIdOf(req)
  const scope = penguinId ? `id:${penguinId}` : `ip:${req.ip}`
  return `${createHash('sha256').update(scope).digest('base64url').slice(0, 22)}:${key}`
}

/** `POST /report`, `/report/recall`, `/report/recognition` (api-v2.md §7). */
export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, opts) => {
  const { reports, idempotency, clock, writes, identityGuard, proofs } = opts
  const guardIdentity = async (req: FastifyRequest, reply: FastifyReply) => identityGuard(req, reply, penguinIdOf(req))
  // Every write request takes one point of its address's budget before anything else (replays too);
  // a recognition batch takes one more per further entry once its body is read.
  const takeWrite = async (req: FastifyRequest, reply: FastifyReply) => writes.take(budgetKey(req), 1, reply)

  const replay = (reply: FastifyReply, answer: StoredResponse, outcome: 'hit' | 'saved') =>
    reply.headers(answer.headers).header('X-Penguin-Idempotency', outcome).code(answer.status).send(answer.body)

  // §7.5: a repeated key replays the stored answer before the body is even parsed. A duplicate of a
  // request in flight waits for its answer; after IDEMPOTENCY_WAIT_MS (a slow first request, or a mark
  // left by a process that died) it runs itself: the database keeps one report per key and gives the
  // later of the two the first one's answer (docs/api-extensions.md §4b), so no duplicate fails.
  const replayOrMark = async (req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers['x-penguin-idempotency-key']
    if (header === undefined) return
    const given = Array.isArray(header) ? (header[0] ?? '') : header
    if (!IDEMPOTENCY_KEY.test(given)) {
      throw invalidRequest('invalid request: X-Penguin-Idempotency-Key must be 1 to 128 letters or digits')
    }
    const key = scopedKey(req, given)
    const deadline = clock() + IDEMPOTENCY_WAIT_MS
    for (;;) {
      const stored = await idempotency.get(key, clock())
      if (stored) return replay(reply, stored, 'hit')
      const marked = await idempotency.acquire(key, clock())
      if (marked || clock() >= deadline) {
        req.idempotency = { key, marked }
        return
      }
      await new Promise((r) => setTimeout(r, 25))
    }
  }

  /** The answer a keyed report stores with itself, made before it is written, sent as it will be replayed. */
  const answerOf = (req: FastifyRequest, reply: FastifyReply, key: ProofKey, result: { reportHash: string; assignedPenguinId: string | null }): StoredResponse => {
    const body = JSON.stringify({ reportHash: result.reportHash })
    const compatible = reply.getHeader('x-penguin-compatible')
    return {
      status: 200,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        ...(compatible !== undefined ? { 'x-penguin-compatible': String(compatible) } : {}),
        ...(result.assignedPenguinId ? penguinIdHeaders(req, result.assignedPenguinId, key) : {}),
      },
      body,
    }
  }
  const releaseMark = async (req: FastifyRequest) => {
    const held = req.idempotency
    req.idempotency = undefined
    if (held?.marked) await idempotency.release(held.key)
  }

  app.post(
    '/report',
    {
      onRequest: [takeWrite, replayOrMark],
      preValidation: jsonBody,
      preHandler: guardIdentity,
      onError: releaseMark,
      schema: {
        ...operation({
          operationId: 'submitReport',
          access: 'penguinIdOptional',
          limited: true,
          announcesPenguinId: true,
          description:
            'Every syntactically valid report is accepted (200); semantic checks only decide whether it counts. A caller without a known PenguinID gets a new account, announced in `X-Penguin-Set-PenguinID`. With `X-Penguin-Idempotency-Key` a repeated request within 4 hours replays the first answer (`X-Penguin-Idempotency: hit`) without reading the new body.',
          ok: 'Accepted; keep the object to recall the report.',
        }),
        tags: ['reports'],
        summary: 'Submit a drop report (web client, MAA, other tools)',
        headers: z
          .object({ 'x-penguin-idempotency-key': z.string().optional().describe('1-128 letters or digits: a repeat within 4 h replays the first answer') })
          .loose(),
        body: ReportRequestSchema,
        response: { 200: ReportResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const ctx = { penguinId: penguinIdOf(req), ip: req.ip, requestId: req.id }
      const held = req.idempotency
      // Read before anything is stored: a new account's id goes out with its proof, or nothing is stored.
      const key = await proofs.key()
      if (!held) {
        const result = await reports.submit(req.body, ctx)
        if (result.assignedPenguinId) announcePenguinId(req, reply, result.assignedPenguinId, key)
        return { reportHash: result.reportHash }
      }
      const now = clock()
      const expiresAt = now + IDEMPOTENCY_TTL_MS
      const { response, replayed } = await reports.submitKeyed(req.body, ctx, { key: held.key, expiresAt, answer: (r) => answerOf(req, reply, key, r) })
      req.idempotency = undefined
      if (held.marked) await idempotency.remember(held.key, { key: held.key, response, expiresAt }, now)
      return replay(reply, response, replayed ? 'hit' : 'saved')
    },
  )

  app.post(
    '/report/recall',
    {
      onRequest: takeWrite,
      preValidation: jsonBody,
      schema: {
        ...operation({
          operationId: 'recallReport',
          access: 'penguinId',
          limited: true,
          description: 'Only the account that submitted the report, once, within 24 hours; anything else is 400 `report not existed or has already been recalled`.',
          responses: { '200': { description: 'Recalled: the text `OK`.', content: { 'text/plain': { schema: { type: 'string', const: 'OK' }, example: 'OK' } } } },
        }),
        tags: ['reports'],
        summary: 'Recall one of your reports (owner only, within 24 h)',
        body: RecallRequestSchema,
        response: { 200: z.literal('OK'), 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      await reports.recall(req.body.reportHash, penguinIdOf(req))
      return reply.type('text/plain; charset=utf-8').send('OK')
    },
  )

  app.post(
    '/report/recognition',
    {
      config: { checksStoredText: true },
      onRequest: takeWrite,
      preValidation: recognitionBody,
      preHandler: [async (req, reply) => writes.take(budgetKey(req), req.body.batchDrops.length - 1, reply), guardIdentity],
      schema: {
        ...operation({
          operationId: 'submitRecognitionBatch',
          access: 'penguinIdOptional',
          limited: true,
          announcesPenguinId: true,
          description:
            'Up to 50 recognised screenshots as plain JSON, each stored as a report with `times` 1; entries that cannot be stored are listed in `errors`. The encrypted body of the Penguin Statistics web client is not accepted: it is answered 400 with a message that points to Dropwise’s own recognition page (docs/api-extensions.md §1).',
        }),
        tags: ['reports'],
        summary: 'Submit up to 50 recognised screenshots at once (plain JSON, not the public client’s encrypted body)',
        body: RecognitionBatchSchema,
        response: { 200: RecognitionBatchResponseSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const key = await proofs.key()
      const result = await reports.submitRecognition(req.body, { penguinId: penguinIdOf(req), ip: req.ip, requestId: req.id })
      if (result.assignedPenguinId) announcePenguinId(req, reply, result.assignedPenguinId, key)
      return { taskId: result.taskId, errors: result.errors }
    },
  )
}
