import type { AssetFile } from '@dropwise/recognizer-pack/assets'
import { AssetMismatchError, assetKey, type AssetsRepository } from './assets.repository'

const DOWNLOAD_TIMEOUT_MS = 60_000

export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`
export const duration = (ms: number) => (ms < 120_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`)

/** A short, operator-facing reason for a failed download (`could not reach <url>: ECONNREFUSED`). */
const networkReason = (url: string, err: unknown): string => {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string; errors?: { code?: string }[] } }
  if (e.name === 'TimeoutError') return `could not reach ${url}: no answer within ${duration(DOWNLOAD_TIMEOUT_MS)}`
  const code = e.cause?.code ?? e.cause?.errors?.[0]?.code
  return `could not reach ${url}: ${code ?? e.cause?.message ?? e.message ?? String(err)}`
}

/** Runs `fn` over `items` with at most `limit` at a time; the first failure rejects (the others finish). */
export const eachLimited = async <T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) => {
  let next = 0
  let failure: unknown = null
  const lane = async () => {
    while (next < items.length && failure === null) {
      const item = items[next++]!
      await fn(item).catch((err: unknown) => {
        failure ??= err
      })
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
  if (failure !== null) throw failure
}

export interface DownloadDeps {
  /** `ASSETS_BASE_URL`: `<base>/<owner>/<repo>/<commit>/<path>` is downloaded. */
  baseUrl: string
  fetch: typeof fetch
  repository: AssetsRepository
}

/**
 * Downloads one pinned file into the cache (verified by the repository while it is written); resolves to
 * its size. Fails with an operator-facing message; a body announced larger than the manifest says is
 * refused before it is read.
 */
export const downloadAsset = async ({ baseUrl, fetch, repository }: DownloadDeps, f: AssetFile, signal: AbortSignal): Promise<number> => {
  const url = `${baseUrl.replace(/\/+$/, '')}/${assetKey(f).split('/').map(encodeURIComponent).join('/')}`
  let res: Response
  try {
    res = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]), redirect: 'follow' })
  } catch (err) {
    throw new Error(networkReason(url, err))
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {})
    throw new Error(`${url} answered ${res.status}`)
  }
  const declared = Number(res.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > f.bytes) {
    await res.body.cancel().catch(() => {})
    throw new Error(`${url}: ${declared} bytes announced, more than the expected ${f.bytes}: file rejected`)
  }
  try {
    return await repository.store(f, res.body as unknown as AsyncIterable<Uint8Array>)
  } catch (err) {
    if (err instanceof AssetMismatchError) throw new Error(`${url}: ${err.message}`)
    throw new Error(networkReason(url, err))
  }
}
