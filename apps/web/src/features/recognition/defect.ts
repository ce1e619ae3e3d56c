import type { Server } from '@dropwise/recognizer'
import { apiRequest } from '../../lib/api'

/** What the server accepts as a defect screenshot (api-extensions §3). */
export const DEFECT_MAX_BYTES = 20 * 1024 * 1024
const DEFECT_TYPES = ['image/jpeg', 'image/png', 'image/heif']

export interface DefectEnvironment {
  frontendVersion: string
  frontendCommit: string
  recognizerVersion: string
  recognizerOpenCVVersion: string
  recognizerAssetsVersion: string
  server: Server
  sessionId: string
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
/** 8 random letters or digits: one per page visit. */
export const newSessionId = (): string => Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => ALNUM[b % ALNUM.length]).join('')

/** Printable ASCII, at most 32 characters, never empty (the environment fields' rule). */
export const field = (v: string): string => v.replace(/[^\x20-\x7e]/g, '').slice(0, 32) || 'unknown'

/** A screenshot the upload accepts: as it is when JPEG/PNG/HEIF under 20 MB, else re-encoded as JPEG. */
const uploadable = async (file: Blob): Promise<Blob> => {
  if (DEFECT_TYPES.includes(file.type) && file.size <= DEFECT_MAX_BYTES) return file
  const bitmap = await createImageBitmap(file)
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0)
  bitmap.close()
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })
}

/**
 * Sends a defect report: the init call with the result and environment, then the screenshot as
 * the raw body to the upload address it hands out. `onProgress` gets 0.2 after init, 1 at the end.
 */
export const sendDefect = async (recognitionResult: unknown, environment: DefectEnvironment, file: Blob, onProgress: (p: number) => void): Promise<void> => {
  const { text } = await apiRequest('/recognition/defects/report/init', {
    method: 'POST',
    body: JSON.stringify({ recognitionResult, environment }),
    contentType: 'application/json',
  })
  const { uploadParams } = JSON.parse(text) as { uploadParams: { url: string; authorization: string } }
  onProgress(0.2)
  const body = await uploadable(file)
  const res = await fetch(uploadParams.url, { method: 'POST', body, headers: { Authorization: uploadParams.authorization, 'Content-Type': body.type || 'image/jpeg' } })
  if (!res.ok) {
    let message = `HTTP ${res.status}`
    try {
      const parsed = (await res.json()) as { message?: unknown }
      if (typeof parsed.message === 'string') message = `(${res.status}) ${parsed.message}`
    } catch {
      // not JSON
    }
    throw new Error(message)
  }
  onProgress(1)
}
