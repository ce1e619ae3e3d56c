/**
 * What the recognition page reports and how: a result as one `batchDrops` entry, the per-stage
 * summary shown before submitting, and the chunked upload with retries.
 */
import type { RecognitionResult } from '@dropwise/recognizer'

/** Entries per `POST /report/recognition` (the server's limit). */
export const CHUNK_SIZE = 50
/** Extra attempts per failed chunk before it is reported as failed. */
export const CHUNK_RETRIES = 2

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
  /** What the server named the chunk's batch (its reports are recalled together by it); absent in an odd answer. */
  taskId?: string
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
  /** The task ids of the chunks that stored something (`POST /_private/report/recall/batch` takes each back). */
  taskIds: string[]
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
  const out: UploadOutcome<T> = { stored: [], rejected: [], failed: [], taskIds: [] }
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
        if (answer.taskId && answer.errors.length < c.length) out.taskIds.push(answer.taskId)
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

const isPostError = (v: unknown): v is PostError => typeof v === 'object' && v !== null && 'status' in v && 'message' in v && typeof (v as PostError).message === 'string'
