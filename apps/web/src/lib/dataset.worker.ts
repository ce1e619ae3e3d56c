/// <reference lib="webworker" />
/**
 * Turns a dataset's response (its bytes, or text) into its checked, parsed form off the main thread: decoding,
 * JSON parsing, the response-schema check and the JSON for the data cache are the heavy part of loading the
 * start-up datasets (about 4 MB of JSON), and would otherwise block the page while it starts.
 */
import { parserOf } from './dataset-parsers'
import { bodyText, decoderReplies, type FromDecoder, type ToDecoder } from './dataset-protocol'

const scope = self as unknown as DedicatedWorkerGlobalScope

scope.onmessage = (event: MessageEvent<ToDecoder>) => {
  const { id, dataset, body, want } = event.data
  let replies: FromDecoder[]
  try {
    const text = bodyText(body)
    const data = parserOf(dataset)(JSON.parse(text) as unknown)
    replies = decoderReplies(id, data, want.json ? JSON.stringify(data) : undefined, want, text.length)
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err))
    replies = [{ id, ok: false, name: e.name, message: e.message }]
  }
  for (const reply of replies) scope.postMessage(reply)
}
