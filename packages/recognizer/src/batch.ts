/**
 * Batch-level checks: the three exception codes that need more than one image or the stage's drop
 * table (`Fingerprint::Same`, `FileTimestamp::TooClose`, `DropInfos::Violation`). Pure functions
 * over the per-image results and the files' metadata; the caller appends what they return to each
 * result's `exceptions`.
 */
import { activeDropTable, isRecognitionViolation, validateReport, type TimedDropTableEntry } from '@dropwise/report'
import { exception, type RecognitionException } from './exceptions'
import type { Server } from './pack'
import type { RecognitionResult } from './result'

/**
 * Two results of the same stage whose files were modified less than this apart (ms) are flagged
 * `FileTimestamp::TooClose`. The spec names the check without a value; 10 s is the public site's
 * (Penguin Statistics' frontend), and no stage can be cleared twice that fast.
 */
export const FILE_TIMESTAMP_MIN_GAP_MS = 10_000

/** One image of a batch: its recognition result and what the file says about itself. */
export interface BatchImage {
  result: Pick<RecognitionResult, 'fingerprint' | 'stage' | 'drops' | 'exceptions'>
  /** Server the image was recognised for (selects the drop table). */
  server: Server
  /** The file's last-modified time (ms since epoch), when known. */
  lastModified?: number | null
}

/** Options of `checkBatch`. */
export interface BatchCheckOptions {
  /**
   * Drop infos with their windows (the seed's shape, or the API's stage list with windows). Without
   * them `DropInfos::Violation` is not checked.
   */
  dropInfos?: readonly TimedDropTableEntry[]
  /** Override of {@link FILE_TIMESTAMP_MIN_GAP_MS}. */
  minGapMs?: number
}

/**
 * `Fingerprint::Same`: every image whose pixel fingerprint equals an earlier image's in the list
 * (the first of each set stays unflagged). Returns one list of exceptions per image.
 */
export const sameFingerprints = (images: readonly BatchImage[]): RecognitionException[][] => {
  const first = new Map<string, number>()
  return images.map((im, i) => {
    const fp = im.result.fingerprint
    const j = first.get(fp)
    if (j === undefined) {
      first.set(fp, i)
      return []
    }
    return [exception('Fingerprint::Same', 'fingerprint', `same pixels as image ${j + 1}`)]
  })
}

/**
 * `FileTimestamp::TooClose`: among results of the same stage (and server), every image modified
 * less than `minGapMs` after the previous one in time order. Images without a stage or a timestamp
 * are not compared. Returns one list of exceptions per image.
 */
export const tooCloseTimestamps = (images: readonly BatchImage[], minGapMs = FILE_TIMESTAMP_MIN_GAP_MS): RecognitionException[][] => {
  const out: RecognitionException[][] = images.map(() => [])
  const byStage = new Map<string, number[]>()
  images.forEach((im, i) => {
    if (!im.result.stage || typeof im.lastModified !== 'number') return
    const key = `${im.server}\u0000${im.result.stage.stageId}`
    byStage.set(key, [...(byStage.get(key) ?? []), i])
  })
  for (const idx of byStage.values()) {
    idx.sort((a, b) => images[a]!.lastModified! - images[b]!.lastModified! || a - b)
    for (let k = 1; k < idx.length; k++) {
      const prev = idx[k - 1]!
      const cur = idx[k]!
      const gap = images[cur]!.lastModified! - images[prev]!.lastModified!
      if (gap < minGapMs) {
        out[cur]!.push(exception('FileTimestamp::TooClose', 'file.lastModified', `${(gap / 1000).toFixed(1)} s after image ${prev + 1} of the same stage`))
      }
    }
  }
  return out
}

/**
 * The drop table a result is checked against: the stage's entries active when the file was last
 * modified, or, without a timestamp, the entries that are open now (no end).
 */
export const dropTableFor = (dropInfos: readonly TimedDropTableEntry[], server: Server, stageId: string, at?: number | null): TimedDropTableEntry[] =>
  activeDropTable(dropInfos, server, stageId, typeof at === 'number' ? at : Number.MAX_SAFE_INTEGER)

/**
 * `DropInfos::Violation` for one result: runs, as on the public site, only on a result with a stage
 * and no other exception. Recognition-only drops and unidentified items are left out, the rest is
 * validated with `@dropwise/report`'s `validateReport` against {@link dropTableFor}; a result is
 * flagged when `isRecognitionViolation` says so (total deviation rate > 0).
 */
export const dropInfoViolation = (image: BatchImage, dropInfos: readonly TimedDropTableEntry[]): RecognitionException[] => {
  const { result } = image
  if (!result.stage || result.exceptions.length > 0) return []
  const table = dropTableFor(dropInfos, image.server, result.stage.stageId, image.lastModified)
  const drops = result.drops.flatMap((d) =>
    d.itemId === null || !(d.inStageDrops || d.dropType === 'FURNITURE') ? [] : [{ dropType: d.dropType, itemId: d.itemId, quantity: d.quantity }],
  )
  const validation = validateReport(drops, table)
  if (!isRecognitionViolation(validation)) return []
  const first = validation.violations[0]!
  const what = first.kind === 'item' ? `${first.itemId} ×${first.value} (${first.dropType})` : `${first.value} distinct ${first.dropType} items`
  return [
    exception(
      'DropInfos::Violation',
      'dropInfos',
      `${validation.violations.length} violation(s), total deviation ${validation.totalRate}; first: ${what} outside [${first.bounds.lower}, ${first.bounds.upper}]`,
    ),
  ]
}

/**
 * Runs the three batch checks over a batch (the order of `images` is the order shown to the user)
 * and returns, per image, the exceptions to append: `DropInfos::Violation` first, then
 * `Fingerprint::Same`, then `FileTimestamp::TooClose`.
 */
export const checkBatch = (images: readonly BatchImage[], options: BatchCheckOptions = {}): RecognitionException[][] => {
  const same = sameFingerprints(images)
  const close = tooCloseTimestamps(images, options.minGapMs)
  return images.map((im, i) => [...(options.dropInfos ? dropInfoViolation(im, options.dropInfos) : []), ...same[i]!, ...close[i]!])
}
