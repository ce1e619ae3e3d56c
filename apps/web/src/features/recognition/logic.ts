/**
 * The recognition page's rules, kept free of React and the worker so they can be tested: which
 * files are taken, how a result is judged and selected, what is reported, and the chunked upload.
 */
import type { ExceptionCode, RecognitionException, RecognitionResult } from '@dropwise/recognizer'

/** Files larger than this are refused (the public client's 50e6 bytes). */
export const MAX_FILE_BYTES = 50_000_000
/** Screenshots older than this are refused (spec: the file must be from the last 36 hours). */
export const MAX_FILE_AGE_MS = 36 * 3_600_000
/** Entries per `POST /report/recognition` (the server's limit). */
export const CHUNK_SIZE = 50
/** Extra attempts per failed chunk before it is reported as failed. */
export const CHUNK_RETRIES = 2

const IMAGE_EXTENSIONS = /\.(png|jpe?g|webp|bmp|gif|avif|heic|heif)$/i

export type RefusalReason = 'notImage' | 'tooBig' | 'tooOld'

/** A file that was not taken, and why. */
export interface Refusal {
  name: string
  reason: RefusalReason
  /** Size in MB (1 decimal), for tooBig. */
  sizeMb: number
  /** Hours since the file was last modified (rounded down), for tooOld. */
  ageHours: number
}

export interface FileLike {
  name: string
  size: number
  type: string
  lastModified: number
}

/**
 * Splits selected files into the ones taken (sorted by lastModified, oldest first, as the public
 * client does) and the ones refused with a reason: not an image, over 50 MB, older than 36 h.
 */
export const checkFiles = <F extends FileLike>(files: readonly F[], now: number): { accepted: F[]; refused: Refusal[] } => {
  const accepted: F[] = []
  const refused: Refusal[] = []
  for (const f of files) {
    const sizeMb = Math.round((f.size / 1_000_000) * 10) / 10
    const ageHours = Math.max(0, Math.floor((now - f.lastModified) / 3_600_000))
    const isImage = f.type ? f.type.startsWith('image/') : IMAGE_EXTENSIONS.test(f.name)
    if (!isImage) refused.push({ name: f.name, reason: 'notImage', sizeMb, ageHours })
    else if (f.size > MAX_FILE_BYTES) refused.push({ name: f.name, reason: 'tooBig', sizeMb, ageHours })
    else if (now - f.lastModified > MAX_FILE_AGE_MS) refused.push({ name: f.name, reason: 'tooOld', sizeMb, ageHours })
    else accepted.push(f)
  }
  accepted.sort((a, b) => a.lastModified - b.lastModified)
  return { accepted, refused }
}

export type Outcome = 'success' | 'warning' | 'error'

/** Success without exceptions, warning with warnings only, error with any error-severity exception. */
export const outcomeOf = (exceptions: readonly RecognitionException[]): Outcome =>
  exceptions.some((e) => e.severity === 'error') ? 'error' : exceptions.length > 0 ? 'warning' : 'success'

/** Errors (failed and abnormal results, duplicates, rule violations) can never be selected for upload. */
export const isSelectable = (outcome: Outcome): boolean => outcome !== 'error'

/** Only clean results are selected at first; a warning needs the user's explicit accept. */
export const isPreselected = (outcome: Outcome): boolean => outcome === 'success'

/** Exceptions shown once per code, with how often they occurred, errors first. */
export const groupExceptions = (exceptions: readonly RecognitionException[]): { code: ExceptionCode; severity: RecognitionException['severity']; count: number; where: string[] }[] => {
  const byCode = new Map<ExceptionCode, { code: ExceptionCode; severity: RecognitionException['severity']; count: number; where: string[] }>()
  for (const e of exceptions) {
    const g = byCode.get(e.code) ?? { code: e.code, severity: e.severity, count: 0, where: [] }
    g.count++
    g.where.push(e.where)
    byCode.set(e.code, g)
  }
  return [...byCode.values()].sort((a, b) => Number(a.severity === 'warning') - Number(b.severity === 'warning'))
}

export interface ReportDrop {
  dropType: 'NORMAL_DROP' | 'SPECIAL_DROP' | 'EXTRA_DROP' | 'FURNITURE'
  itemId: string
  quantity: number
}

/** One entry of `batchDrops`. */
export interface BatchEntry {
  stageId: string
  drops: ReportDrop[]
  metadata: { fingerprint: string; fileName: string; lastModified: number }
}

/**
 * What a result reports: its stage and drops without recognition-only items (shown, never reported,
 * as on the public site) and without unidentified items (those are errors anyway). Null without a stage.
 */
export const toBatchEntry = (result: Pick<RecognitionResult, 'stage' | 'drops' | 'fingerprint'>, file: { name: string; lastModified: number }): BatchEntry | null => {
  if (!result.stage) return null
  const drops: ReportDrop[] = []
  for (const d of result.drops) {
    if (d.itemId === null || d.recognitionOnly) continue
    drops.push({ dropType: d.dropType, itemId: d.itemId, quantity: d.quantity })
  }
  return { stageId: result.stage.stageId, drops, metadata: { fingerprint: result.fingerprint, fileName: file.name.slice(0, 512), lastModified: file.lastModified } }
}

/** Per stage code: how many results and the total of each item, most-reported stage first. */
export const summarize = (rows: readonly { code: string; stageId: string; drops: readonly ReportDrop[] }[]) => {
  const byStage = new Map<string, { code: string; stageId: string; times: number; items: Map<string, number> }>()
  for (const r of rows) {
    const s = byStage.get(r.stageId) ?? { code: r.code, stageId: r.stageId, times: 0, items: new Map<string, number>() }
    s.times++
    for (const d of r.drops) s.items.set(d.itemId, (s.items.get(d.itemId) ?? 0) + d.quantity)
    byStage.set(r.stageId, s)
  }
  return [...byStage.values()]
    .sort((a, b) => b.times - a.times || a.code.localeCompare(b.code))
    .map((s) => ({ code: s.code, stageId: s.stageId, times: s.times, items: [...s.items].map(([itemId, quantity]) => ({ itemId, quantity })) }))
}

/** Splits a list into chunks of at most `size`. */
export const chunk = <T>(list: readonly T[], size = CHUNK_SIZE): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

/** The server's answer to one chunk: entries (by position in the chunk) it did not store. */
export interface ChunkAnswer {
  errors: { index: number; message: string }[]
}

/** An error of one attempt; `status` null for a network error. */
export interface PostError {
  status: number | null
  message: string
}

/** Whether another attempt may succeed: network errors, 429 and 5xx (a 400 would fail again). */
export const isRetryable = (e: PostError): boolean => e.status === null || e.status === 429 || e.status >= 500

export interface UploadOutcome<T> {
  /** Entries stored by the server. */
  stored: T[]
  /** Entries the server answered but did not store, with its message. */
  rejected: { entry: T; message: string }[]
  /** Entries of chunks that failed after every attempt, with the last error. */
  failed: { entries: T[]; error: PostError }[]
}

/**
 * Uploads entries in chunks, one chunk at a time; a chunk that fails with a retryable error is tried
 * again up to `retries` more times after `delay(attempt)`. `onChunk` reports progress after each chunk.
 */
export const uploadInChunks = async <T>(
  entries: readonly T[],
  post: (chunk: T[]) => Promise<ChunkAnswer>,
  opts: { size?: number; retries?: number; delay?: (attempt: number) => Promise<void>; onChunk?: (done: number, total: number) => void } = {},
): Promise<UploadOutcome<T>> => {
  const chunks = chunk(entries, opts.size ?? CHUNK_SIZE)
  const retries = opts.retries ?? CHUNK_RETRIES
  const out: UploadOutcome<T> = { stored: [], rejected: [], failed: [] }
  let done = 0
  for (const c of chunks) {
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await post(c)
        const bad = new Map(answer.errors.map((e) => [e.index, e.message]))
        c.forEach((entry, i) => {
          const message = bad.get(i)
          if (message === undefined) out.stored.push(entry)
          else out.rejected.push({ entry, message })
        })
        break
      } catch (err) {
        const error: PostError = isPostError(err) ? err : { status: null, message: err instanceof Error ? err.message : String(err) }
        if (attempt < retries && isRetryable(error)) {
          await opts.delay?.(attempt + 1)
          continue
        }
        out.failed.push({ entries: c, error })
        break
      }
    }
    opts.onChunk?.(++done, chunks.length)
  }
  return out
}

const isPostError = (v: unknown): v is PostError =>
  typeof v === 'object' && v !== null && 'status' in v && 'message' in v && typeof (v as PostError).message === 'string'

/**
 * The pack address announced in `/config` (`recognizer.packUrl`), resolved against the page and
 * ending in `/`; null when the server has no pack.
 */
export const readPackUrl = (config: unknown, base: string): string | null => {
  if (typeof config !== 'object' || config === null) return null
  const rec = (config as Record<string, unknown>).recognizer
  if (typeof rec !== 'object' || rec === null) return null
  const url = (rec as Record<string, unknown>).packUrl
  if (typeof url !== 'string' || url.trim() === '') return null
  try {
    const abs = new URL(url.trim(), base).href
    return abs.endsWith('/') ? abs : `${abs}/`
  } catch {
    return null
  }
}
