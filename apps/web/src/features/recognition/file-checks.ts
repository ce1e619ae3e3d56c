/**
 * Which selected files the recognition page takes: images only, at most 50 MB, at most 36 h old
 * (free of React and the worker so it can be tested).
 */

/** Files larger than this are refused (the public client's 50e6 bytes). */
export const MAX_FILE_BYTES = 50_000_000
/** Screenshots older than this are refused (spec: the file must be from the last 36 hours). */
export const MAX_FILE_AGE_MS = 36 * 3_600_000

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
