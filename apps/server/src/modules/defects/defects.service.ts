import { timingSafeEqual } from 'node:crypto'
import type { RecognitionDefectInit } from '@dropwise/schemas'
import { invalidRequest, notFound } from '../../lib/errors'
import type { Db } from '../../plugins/db'

export const DEFECT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/heif', 'image/heic'] as const
export const DEFECT_IMAGE_MAX_BYTES = 20 * 1024 * 1024
const UPLOAD_WINDOW_MS = 60 * 60 * 1000

/**
 * Recognition defect reports (api-v2.md §9.1, ours without object storage): `init` records what the
 * recogniser saw and hands out a one-time upload address and token; the screenshot is then posted to
 * that address and stored with the defect.
 */
export const createDefectsService = (deps: { db: Db; clock: () => number; randomAlnum: (n: number) => string }) => ({
  async init(body: RecognitionDefectInit, ip: string | null) {
    const defectId = deps.randomAlnum(20)
    const token = deps.randomAlnum(40)
    const now = deps.clock()
    await deps.db.kysely
      .insertInto('recognition_defects')
      .values({
        defect_id: defectId,
        created_at: now,
        environment: JSON.stringify(body.environment),
        result: JSON.stringify(body.recognitionResult ?? null),
        upload_token: token,
        ip,
      })
      .execute()
    const policy = Buffer.from(
      JSON.stringify({ expiresAt: now + UPLOAD_WINDOW_MS, maxBytes: DEFECT_IMAGE_MAX_BYTES, contentTypes: DEFECT_IMAGE_TYPES }),
    ).toString('base64')
    return { defectId, uploadParams: { url: `/api/v2/recognition/defects/report/upload/${defectId}`, authorization: token, policy } }
  },

  async upload(defectId: string, token: string, contentType: string, image: Buffer) {
    const row = await deps.db.kysely
      .selectFrom('recognition_defects')
      .select(['upload_token', 'created_at', 'uploaded_at'])
      .where('defect_id', '=', defectId)
      .executeTakeFirst()
    if (!row) throw notFound()
    const given = Buffer.from(token)
    const wanted = Buffer.from(row.upload_token)
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw invalidRequest('invalid request: the upload authorization does not match this defect report')
    if (row.uploaded_at !== null) throw invalidRequest('invalid request: a screenshot was already uploaded for this defect report')
    if (deps.clock() - row.created_at > UPLOAD_WINDOW_MS) throw invalidRequest('invalid request: the upload window of this defect report has closed; report the defect again')
    const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
    if (!(DEFECT_IMAGE_TYPES as readonly string[]).includes(type)) {
      throw invalidRequest(`invalid request: screenshots must be JPEG, PNG or HEIF (got ${type || 'no content type'})`)
    }
    if (image.length === 0) throw invalidRequest('invalid request: the screenshot is empty')
    await deps.db.kysely
      .updateTable('recognition_defects')
      .set({ image, image_type: type, image_bytes: image.length, uploaded_at: deps.clock() })
      .where('defect_id', '=', defectId)
      .execute()
  },
})
export type DefectsService = ReturnType<typeof createDefectsService>
