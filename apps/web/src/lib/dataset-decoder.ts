import { loadParsers } from './datasets'
import { bodyText, createPartJoiner, type Decodable, type DecodeWants, type FromDecoder, type ToDecoder } from './dataset-protocol'
import { createPendingCalls } from './pending-calls'

/** A checked dataset: `data` when asked for; `json` when asked for and the worker made it (else the caller serialises `data`). */
export interface Decoded {
  data: unknown
  json: string | null
}

const calls = createPendingCalls<Decoded>()
const parts = createPartJoiner()
/** undefined: not tried yet; null: no worker here (tests, old browsers) or it failed: decode on the page. */
let worker: Worker | null | undefined

const spawn = (): Worker | null => {
  if (typeof Worker !== 'function') return null
  try {
    const w = new Worker(new URL('./dataset.worker.ts', import.meta.url), { type: 'module', name: 'datasets' })
    w.onmessage = (event: MessageEvent<FromDecoder>) => {
      const m = event.data
      if (!m.ok) {
        parts.drop(m.id)
        calls.reject(m.id, Object.assign(new Error(m.message), { name: m.name }))
        return
      }
      // A large list comes in slices (dataset-protocol.ts PART_CHARS): each its own short task.
      const answer = parts.take(m)
      if (answer) calls.resolve(m.id, answer)
    }
    w.onerror = (event) => {
      // The worker could not start or broke: what was waiting fails (the query retries) and the page decodes from now on.
      event.preventDefault()
      worker = null
      w.terminate()
      parts.clear()
      calls.rejectAll(new Error(event.message || 'the dataset worker stopped'))
    }
    return w
  } catch {
    return null
  }
}

/**
 * Starts the dataset worker now (when a request goes out), so that loading its code overlaps the
 * download instead of following it: a first visit's answers are then parsed as soon as they are in.
 */
export const startDecoder = () => {
  if (worker === undefined) worker = spawn()
}

/**
 * Decodes, parses and checks one dataset's response, given as its bytes (`apiBytes`) or as text (the
 * same parsers either way, so the same "Invalid structure" errors): in the dataset worker when there
 * is one, else on the page. Bytes are copied to the worker, not moved: an answer shared by two
 * requests (lib/data.ts) is decoded for each.
 */
export const decodeDataset = async (dataset: Decodable, body: ArrayBuffer | string, want: DecodeWants = { data: true, json: false }): Promise<Decoded> => {
  startDecoder()
  const w = worker
  if (w) return calls.call((id) => w.postMessage({ id, dataset, body, want } satisfies ToDecoder))
  const { parserOf } = await loadParsers()
  return { data: parserOf(dataset)(JSON.parse(bodyText(body)) as unknown), json: null }
}
