import { ApiErrorSchema, RecognitionDefectInitSchema } from '@dropwise/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { invalidRequest } from '../../lib/errors'
import { DEFECT_IMAGE_MAX_BYTES, DEFECT_IMAGE_TYPES, type DefectsService } from './defects.service'

/** `/recognition/defects/report/init` and the screenshot upload it hands out (api-v2.md §9.1). */
export const defectsRoutes: FastifyPluginAsyncZod<{ defects: DefectsService; limitPerMinute: number }> = async (app, { defects, limitPerMinute }) => {
  const rateLimit = { max: limitPerMinute, timeWindow: 60_000 }
  for (const type of DEFECT_IMAGE_TYPES) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: DEFECT_IMAGE_MAX_BYTES }, (_req, body, done) => done(null, body))
  }
  app.post(
    '/recognition/defects/report/init',
    {
      config: { rateLimit },
      schema: {
        tags: ['recognition'],
        summary: 'Start a recognition defect report',
        body: RecognitionDefectInitSchema,
        response: {
          200: z.object({ defectId: z.string(), uploadParams: z.object({ url: z.string(), authorization: z.string(), policy: z.string() }) }),
          400: ApiErrorSchema,
        },
      },
    },
    async (req) => defects.init(req.body, req.ip),
  )
  app.post(
    '/recognition/defects/report/upload/:defectId',
    {
      config: { rateLimit },
      bodyLimit: DEFECT_IMAGE_MAX_BYTES,
      schema: {
        tags: ['recognition'],
        summary: 'Upload the screenshot of a defect report (raw JPEG/PNG/HEIF body, Authorization: the token from init)',
        params: z.object({ defectId: z.string().max(64) }),
        response: { 200: z.object({ ok: z.literal(true) }), 400: ApiErrorSchema },
      },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body)) throw invalidRequest('invalid request: send the screenshot as the raw body with its image content type')
      await defects.upload(req.params.defectId, req.headers.authorization ?? '', req.headers['content-type'] ?? '', req.body)
      return { ok: true as const }
    },
  )
}
