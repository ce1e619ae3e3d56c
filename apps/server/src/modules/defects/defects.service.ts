import { timingSafeEqual } from 'node:crypto'
import type { RecognitionDefectInit } from '@dropwise/schemas'
import { invalidRequest, notFound } from '../../lib/errors'
import type { DefectsRepository } from './defects.repository'

export const DEFECT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/heif', 'image/heic'] as const
export const DEFECT_IMAGE_MAX_BYTES = 20 * 1024 * 1024
const UPLOAD_WINDOW_MS = 60 * 60 * 1000

/** One screenshot upload: the token init handed out, its policy (multipart form only) and the image. */
export interface DefectUpload {
  token: string
  /** The `policy` field of the multipart form; null for the raw-body upload, which has none. */
  policy: string | null
  contentType: string
  image: Buffer
}

/** Derived from the creation time, so the upload can check it without storing it. */
const policyFor = (createdAt: number) =>
  Buffer.from(JSON.stringify({ expiresAt: createdAt + UPLOAD_WINDOW_MS, maxBytes: DEFECT_IMAGE_MAX_BYTES, contentTypes: DEFECT_IMAGE_TYPES })).toString('base64')

const sameSecret = (given: string, wanted: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(wanted)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Recognition defect reports (api-v2.md §9.1, ours without object storage): `init` records what the
 * recogniser saw and hands out a one-time upload address and token; the screenshot is then posted to
 * that address and stored with the defect.
 */
export const createDefectsService = (deps: { defects: DefectsRepository; clock: () => number; randomAlnum: (n: number) => string }) => ({
  /** `uploadBase` is the absolute v2 base the client used, e.g. `https://host/PenguinStats/api/v2`. */
  async init(body: RecognitionDefectInit, ip: string | null, uploadBase: string) {
    const defectId = deps.randomAlnum(20)
    const token = deps.randomAlnum(40)
    const now = deps.clock()
    await deps.defects.insert({
      defectId,
      createdAt: now,
      environment: JSON.stringify(body.environment),
      result: JSON.stringify(body.recognitionResult ?? null),
      uploadToken: token,
      ip,
    })
    const url = `${uploadBase}/recognition/defects/report/upload/${defectId}`
    return { defectId, uploadParams: { url, authorization: token, policy: policyFor(now) } }
  },

  async upload(defectId: string, { token, policy, contentType, image }: DefectUpload) {
    const row = await deps.defects.uploadState(defectId)
    if (!row) throw notFound()
    if (!sameSecret(token, row.uploadToken)) throw invalidRequest('invalid request: the upload authorization does not match this defect report')
    if (policy !== null && policy !== policyFor(row.createdAt)) {
      throw invalidRequest('invalid request: the upload policy does not match the one handed out for this defect report')
    }
    const already = 'invalid request: a screenshot was already uploaded for this defect report'
    if (row.uploadedAt !== null) throw invalidRequest(already)
    if (deps.clock() - row.createdAt > UPLOAD_WINDOW_MS)
      throw invalidRequest('invalid request: the upload window of this defect report has closed; report the defect again')
    const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
    if (!(DEFECT_IMAGE_TYPES as readonly string[]).includes(type)) {
      throw invalidRequest(`invalid request: screenshots must be JPEG, PNG or HEIF (got ${type || 'no content type'})`)
    }
    if (image.length === 0) throw invalidRequest('invalid request: the screenshot is empty')
    if (image.length > DEFECT_IMAGE_MAX_BYTES) throw invalidRequest('invalid request: screenshots are at most 20 MB')
    // Conditional on "not uploaded yet", so two concurrent uploads cannot both be stored.
    const stored = await deps.defects.storeImage(defectId, { bytes: image, type, uploadedAt: deps.clock() })
    if (!stored) throw invalidRequest(already)
  },
})
export type DefectsService = ReturnType<typeof createDefectsService>
