import type { DatasetId } from './dataset-ids'

/**
 * A dataset, the notices (GET /notice, not cached as a dataset but checked the same way), one
 * item's or stage's part of the global matrix (features/results/use-matrix-slice.ts), which may be empty, or the
 * sample basis of a stage or server (GET /basis, lib/use-sample-basis.ts).
 */
export type Decodable = DatasetId | 'notices' | 'matrixSlice' | 'basis'

/** Messages between the page (dataset-decoder.ts) and the dataset worker (dataset.worker.ts). */
export interface ToDecoder {
  id: number
  dataset: Decodable
  /** The response: its bytes as they came (the worker decodes them), or text. */
  body: ArrayBuffer | string
  want: DecodeWants
}

/** A response's text: bytes are UTF-8, as the API sends them. */
export const bodyText = (body: ArrayBuffer | string): string => (typeof body === 'string' ? body : new TextDecoder().decode(body))
export type FromDecoder =
  /** One slice of a large list; more follow. */
  | { id: number; ok: true; part: unknown[] }
  /** The answer; with `parts`, `data` is the list's last slice. */
  | { id: number; ok: true; data?: unknown; json?: string; parts?: true }
  | { id: number; ok: false; name: string; message: string }

/**
 * About how many characters of JSON one message carries at most. Copying the parsed data to the page
 * is the page's part of the work (the structured clone is undone in the message's own task: the whole
 * 1.2 MB stage list was one 47 ms task unthrottled, 190 ms on Lighthouse's phone), so a large list
 * crosses in slices, each a task of a few ms that leaves room for the page's own between them.
 */
export const PART_CHARS = 150_000

/** The worker's replies for one decoded dataset (`size`: its response's length): one, or a large list's slices. */
export const decoderReplies = (id: number, data: unknown, json: string | undefined, want: DecodeWants, size: number): FromDecoder[] => {
  const whole: FromDecoder = { id, ok: true, ...(want.data ? { data } : {}), ...(json !== undefined ? { json } : {}) }
  const count = Math.ceil(size / PART_CHARS)
  if (!want.data || !Array.isArray(data) || count <= 1 || data.length < 2) return [whole]
  const per = Math.ceil(data.length / count)
  const replies: FromDecoder[] = []
  for (let i = 0; i + per < data.length; i += per) replies.push({ id, ok: true, part: data.slice(i, i + per) })
  replies.push({ id, ok: true, data: data.slice(replies.length * per), parts: true, ...(json !== undefined ? { json } : {}) })
  return replies
}

/** The page's side: collects a large list's slices; `take` gives the answer once its last message came, else null. */
export const createPartJoiner = () => {
  const parts = new Map<number, unknown[]>()
  return {
    take(m: Extract<FromDecoder, { ok: true }>): { data: unknown; json: string | null } | null {
      if ('part' in m) {
        const list = parts.get(m.id) ?? []
        for (const x of m.part) list.push(x)
        parts.set(m.id, list)
        return null
      }
      const head = parts.get(m.id)
      parts.delete(m.id)
      const data = m.parts && head ? head.concat(m.data as unknown[]) : m.data
      return { data, json: m.json ?? null }
    },
    drop(id: number) {
      parts.delete(id)
    },
    clear() {
      parts.clear()
    },
  }
}

/**
 * What the caller needs back: the parsed data (copied to the page), its JSON for the data cache, or
 * both. Data not asked for never crosses to the page, so a dataset only being stored costs the page
 * no parsing at all.
 */
export interface DecodeWants {
  data: boolean
  json: boolean
}
