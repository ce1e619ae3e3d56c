import type { Server } from '@dropwise/schemas'
import { MAX_ANSWER_BYTES, UpstreamRefusal } from './upstream.answer'

/** A matrix of a busy upstream takes a few seconds; a minute is the most one fetch may take. */
export const FETCH_TIMEOUT_MS = 60_000

/** `${base}/result/matrix?server=X&show_closed_zones=true`: the server's global matrix, closed stages included. */
export const matrixUrl = (base: string, server: Server) => `${base.replace(/\/+$/, '')}/result/matrix?server=${server}&show_closed_zones=true`

/** Whether a failure is the upstream's being unreachable (as opposed to its answer being refused). */
export class UpstreamUnreachable extends Error {}

/** Fetches one server's matrix body, cut off past the size limit; a failure says which address and why. */
export const fetchMatrix = async (fetchFn: typeof fetch, base: string, server: Server, timeoutMs = FETCH_TIMEOUT_MS): Promise<Buffer> => {
  const url = matrixUrl(base, server)
  const signal = AbortSignal.timeout(timeoutMs)
  let res: Response
  try {
    res = await fetchFn(url, { signal, redirect: 'follow', headers: { accept: 'application/json' } })
  } catch (err) {
    const e = err as { name?: string; message?: string; cause?: { code?: string } }
    throw new UpstreamUnreachable(`${server}: could not reach ${url}: ${e.name === 'TimeoutError' ? 'no answer in time' : (e.cause?.code ?? e.message ?? String(err))}`)
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {})
    throw new UpstreamUnreachable(`${server}: ${url} answered ${res.status}`)
  }
  const declared = Number(res.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > MAX_ANSWER_BYTES) {
    await res.body.cancel().catch(() => {})
    throw new UpstreamRefusal(`${server}: ${url} announced ${declared} bytes, more than ${MAX_ANSWER_BYTES}`)
  }
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.length
      if (total > MAX_ANSWER_BYTES) throw new UpstreamRefusal(`${server}: ${url} sent more than ${MAX_ANSWER_BYTES} bytes`)
      chunks.push(chunk)
    }
  } catch (err) {
    if (err instanceof UpstreamRefusal) throw err
    // The connection closed mid-body (the upstream went down, a proxy cut it): what came is not an answer.
    throw new UpstreamUnreachable(`${server}: ${url} broke off after ${total} bytes: ${(err as Error).message}`)
  }
  return Buffer.concat(chunks)
}
