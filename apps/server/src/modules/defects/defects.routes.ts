import { operation } from '../../lib/operation-doc'
import multipart from '@fastify/multipart'
import { ApiErrorSchema, RecognitionDefectInitSchema } from '@dropwise/schemas'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiHttpError, invalidRequest } from '../../lib/errors'
import { budgetKey, type Budget } from '../../lib/limits'
import { DEFECT_IMAGE_MAX_BYTES, DEFECT_IMAGE_TYPES, tooLargeDefect, type DefectUpload, type DefectsService } from './defects.service'

/** The public client's form has `policy`, `authorization` and `file`; a little room for object-storage extras. */
const FORM_LIMITS = { fileSize: DEFECT_IMAGE_MAX_BYTES, files: 1, fields: 8, fieldSize: 4096, fieldNameSize: 100, parts: 10, headerPairs: 20 }
/** A whole upload request: the screenshot and, for the multipart form, its fields and part headers. */
const UPLOAD_MAX_BYTES = DEFECT_IMAGE_MAX_BYTES + 64 * 1024
/**
 * A defect report's JSON (`init`): the web app sends the recogniser's result for one screenshot (drops,
 * exceptions, evidence boxes: a few KB) and a fixed environment.
 */
export const DEFECT_INIT_MAX_BYTES = 256 * 1024
const tooLarge = () => tooLargeDefect('screenshots are at most 20 MB')

/** The bytes an address may send to the defect routes in an hour and in a day (screenshots and reports together). */
export interface DefectByteBudgets {
  hour: Budget
  day: Budget
}

const charged = new WeakSet<FastifyRequest>()

const hasStatus = (err: unknown): err is { statusCode: number; code?: string } =>
  typeof err === 'object' && err !== null && typeof (err as { statusCode?: unknown }).statusCode === 'number'

/**
 * Reads the multipart form the public web client posts (fields before or after the file). Every part
 * is consumed, so the request is drained; the file is buffered up to the limit and refused beyond it.
 */
const readUploadForm = async (req: FastifyRequest): Promise<DefectUpload> => {
  const fields = new Map<string, string>()
  const truncated: string[] = []
  let file: { name: string; contentType: string; image: Buffer } | null = null
  try {
    // Limits come from the registration below (FORM_LIMITS); a second file is a 413 FST_FILES_LIMIT.
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        file = { name: part.fieldname, contentType: part.mimetype, image: await part.toBuffer() }
      } else if (part.valueTruncated) {
        truncated.push(part.fieldname)
      } else if (!fields.has(part.fieldname)) {
        fields.set(part.fieldname, typeof part.value === 'string' ? part.value : JSON.stringify(part.value))
      }
    }
  } catch (err) {
    if (err instanceof ApiHttpError) throw err
    if (hasStatus(err) && err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
    if (hasStatus(err) && err.statusCode >= 400 && err.statusCode < 500) throw err
    // Busboy's own parse errors (no boundary, truncated form …) carry no status.
    throw invalidRequest(`invalid request: the multipart form could not be read (${err instanceof Error ? err.message : 'unknown error'})`)
  }
  if (truncated.length > 0) throw invalidRequest(`invalid request: form field too long: ${truncated.join(', ')}`)
  const token = fields.get('authorization')
  const policy = fields.get('policy')
  if (token === undefined || policy === undefined) throw invalidRequest('invalid request: the form needs the fields policy and authorization from init')
  if (!file || file.name !== 'file') throw invalidRequest('invalid request: the form needs the screenshot as its file part named file')
  return { token, policy, contentType: file.contentType, image: file.image }
}

/** `/recognition/defects/report/init` and the screenshot upload it hands out (api-v2.md §9.1). */
export const defectsRoutes: FastifyPluginAsyncZod<{ defects: DefectsService; writes: Budget; bytes: DefectByteBudgets }> = async (app, { defects, writes, bytes }) => {
  // Defect reports store text and images: they take from the same write budget as reports.
  const takeWrite = async (req: FastifyRequest, reply: FastifyReply) => writes.take(budgetKey(req), 1, reply)
  const takeBytes = async (req: FastifyRequest, reply: FastifyReply, n: number) => {
    charged.add(req)
    await bytes.hour.take(budgetKey(req), n, reply)
    await bytes.day.take(budgetKey(req), n, reply)
  }
  /**
   * The declared size is checked before the body is read: past the route's limit a 413, past what the
   * address has left this hour or day a 429. A body without Content-Length (chunked) pays once read.
   */
  const takeDeclared = (maxBytes: number, what: string) => async (req: FastifyRequest, reply: FastifyReply) => {
    const declared = Number(req.headers['content-length'])
    if (!Number.isSafeInteger(declared) || declared < 0) return
    if (declared > maxBytes) throw tooLargeDefect(what)
    await takeBytes(req, reply, declared)
  }
  for (const type of DEFECT_IMAGE_TYPES) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: DEFECT_IMAGE_MAX_BYTES }, (_req, body, done) => done(null, body))
  }
  // Scoped to this plugin's context: only these routes parse multipart/form-data (the body is read in the handler).
  await app.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: true })
  // The upload address repeats the scheme, host and v2 prefix the client reached us on (trustProxy decides whether
  // X-Forwarded-Proto/Host count); without a Host header it stays relative.
  const uploadBase = (req: FastifyRequest) => (req.host ? `${req.protocol}://${req.host}${app.prefix}` : app.prefix)

  app.post(
    '/recognition/defects/report/init',
    {
      onRequest: [takeWrite, takeDeclared(DEFECT_INIT_MAX_BYTES, 'a defect report is at most 256 KB')],
      preHandler: async (req, reply) => {
        if (!charged.has(req)) await takeBytes(req, reply, Buffer.byteLength(JSON.stringify(req.body)))
      },
      bodyLimit: DEFECT_INIT_MAX_BYTES,
      schema: {
        ...operation({ operationId: 'initDefectReport', access: 'anonymous', limited: true }),
        tags: ['recognition'],
        summary: 'Start a recognition defect report',
        body: RecognitionDefectInitSchema,
        response: {
          200: z.object({ defectId: z.string(), uploadParams: z.object({ url: z.string(), authorization: z.string(), policy: z.string() }) }),
          400: ApiErrorSchema,
          413: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (req) => defects.init(req.body, req.ip, uploadBase(req)),
  )
  app.post(
    '/recognition/defects/report/upload/:defectId',
    {
      onRequest: [takeWrite, takeDeclared(UPLOAD_MAX_BYTES, 'screenshots are at most 20 MB')],
      bodyLimit: DEFECT_IMAGE_MAX_BYTES,
      schema: {
        ...operation({
          operationId: 'uploadDefectScreenshot',
          access: 'uploadToken',
          limited: true,
          summary: 'Upload the screenshot of a defect report',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: {
                    policy: { type: 'string', description: 'from init' },
                    authorization: { type: 'string', description: 'from init' },
                    file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'the screenshot (JPEG, PNG or HEIF), at most 20 MB' },
                  },
                  required: ['policy', 'authorization', 'file'],
                },
              },
              'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } },
              'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
              'image/heif': { schema: { type: 'string', contentMediaType: 'image/heif' } },
            },
          },
        }),
        tags: ['recognition'],
        summary:
          'Upload the screenshot of a defect report: multipart form (policy, authorization, file) as the public web client sends it, ' +
          'or the raw JPEG/PNG/HEIF body with Authorization: the token from init',
        params: z.object({ defectId: z.string().max(64) }),
        response: { 200: z.object({ ok: z.literal(true) }), 400: ApiErrorSchema, 413: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      let upload: DefectUpload
      if (req.isMultipart()) {
        upload = await readUploadForm(req)
      } else {
        if (!Buffer.isBuffer(req.body)) throw invalidRequest('invalid request: send the screenshot as a multipart form or as the raw body with its image content type')
        upload = { token: req.headers.authorization ?? '', policy: null, contentType: req.headers['content-type'] ?? '', image: req.body }
      }
      if (!charged.has(req)) await takeBytes(req, reply, upload.image.length)
      await defects.upload(req.params.defectId, upload)
      return { ok: true as const }
    },
  )
}
