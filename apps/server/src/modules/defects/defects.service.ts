import { timingSafeEqual } from 'node:crypto'
import type { RecognitionDefectInit } from '@dropwise/schemas'
import { ApiHttpError, invalidRequest, notFound } from '../../lib/errors'
import type { DefectsRepository, StoreOutcome } from './defects.repository'
import { FORMAT_OF_TYPE, sniffImage } from './image-type'

export const DEFECT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heif', 'image/heic'] as const
export const DEFECT_IMAGE_MAX_BYTES = 20 * 1024 * 1024
const UPLOAD_WINDOW_MS = 60 * 60 * 1000
/** What a stored defect costs beyond its JSON (row, token, keys), counted against the storage total. */
export const DEFECT_ROW_BYTES = 256

/** The storage limits a service enforces: every stored byte together, and how long a defect is kept. */
export interface DefectStorageLimits {
  totalBytes: number
  retentionMs: number
  /** Seconds a client is told to wait when storage is full (until the next purge). */
  retryAfterS: number
}

const PURGE_BATCH = 1000
const PURGE_MAX_BATCHES = 50

/** `20 MB`, `200 KB`: a limit as a message says it. */
export const formatBytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} MB` : `${Math.floor(bytes / 1024)} KB`)

export const tooLargeDefect = (what: string) => new ApiHttpError(413, 'PAYLOAD_TOO_LARGE', `payload too large: ${what}`)

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
export const createDefectsService = (deps: { defects: DefectsRepository; clock: () => number; randomAlnum: (n: number) => string; limits: DefectStorageLimits }) => {
  const refuseFull = (outcome: StoreOutcome) => {
    if (outcome !== 'full') return
    throw new ApiHttpError(
      429,
      'TOO_MANY_REQUESTS',
      `too many defect reports: the server's storage for them (${formatBytes(deps.limits.totalBytes)}) is full; retry later`,
      undefined,
      {
        'retry-after': String(deps.limits.retryAfterS),
      },
    )
  }
  return {
    /** `uploadBase` is the absolute v2 base the client used, e.g. `https://host/PenguinStats/api/v2`. */
    async init(body: RecognitionDefectInit, ip: string | null, uploadBase: string) {
      const defectId = deps.randomAlnum(20)
      const token = deps.randomAlnum(40)
      const now = deps.clock()
      const environment = JSON.stringify(body.environment)
      const result = JSON.stringify(body.recognitionResult ?? null)
      const bodyBytes = Buffer.byteLength(environment) + Buffer.byteLength(result) + DEFECT_ROW_BYTES
      refuseFull(await deps.defects.insert({ defectId, createdAt: now, environment, result, uploadToken: token, ip, bodyBytes }, deps.limits.totalBytes))
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
        throw invalidRequest(`invalid request: screenshots must be JPEG, PNG, WebP or HEIF (got ${type || 'no content type'})`)
      }
      if (image.length === 0) throw invalidRequest('invalid request: the screenshot is empty')
      if (image.length > DEFECT_IMAGE_MAX_BYTES) throw tooLargeDefect('screenshots are at most 20 MB')
      // The bytes must be what the content type says: nothing but images is ever stored.
      const sniffed = sniffImage(image)
      if (sniffed !== FORMAT_OF_TYPE[type]) {
        throw invalidRequest(
          `invalid request: the screenshot's bytes are ${sniffed ? `a ${sniffed.toUpperCase()} image` : 'no JPEG, PNG, WebP or HEIF image'}, not ${type}`,
        )
      }
      // Conditional on "not uploaded yet", so two concurrent uploads cannot both be stored.
      const outcome = await deps.defects.storeImage(defectId, { bytes: image, type, uploadedAt: deps.clock() }, deps.limits.totalBytes)
      if (outcome === 'already') throw invalidRequest(already)
      refuseFull(outcome)
    },

    /**
     * Deletes the defects older than the retention, oldest first, in bounded batches (at most 50,000 a
     * run, so one run never holds the database long); returns how many went.
     */
    async purge() {
      const before = deps.clock() - deps.limits.retentionMs
      let deleted = 0
      for (let batch = 0; batch < PURGE_MAX_BATCHES; batch++) {
        const n = await deps.defects.purge(before, PURGE_BATCH)
        deleted += n
        if (n < PURGE_BATCH) break
      }
      return deleted
    },
  }
}
export type DefectsService = ReturnType<typeof createDefectsService>
