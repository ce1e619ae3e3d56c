import type { AssetState, AssetStatus, UnreadableItem } from '../../lib/assets'
import { localized } from '../../lib/i18n'

/**
 * What the recognition page shows before any screenshot is chosen, from what the server says:
 *
 * - `pack`: a pack is there (the operator's, or the one the server built): the page works as before;
 * - `checking`: the live status is on its way;
 * - `preparing`: the server is downloading the game resources; `fraction` (0..1) of `total` steps,
 *   null while the total is not known yet;
 * - `unavailable`: the download failed (`reason` for operators: the last request's failure, else
 *   the server's), or the status could not be read;
 * - `off`: the operator switched the downloads off and configured no pack;
 * - `none`: an older server that downloads nothing and has no pack.
 */
export type AssetView =
  | { kind: 'pack'; packUrl: string }
  | { kind: 'checking' }
  | { kind: 'preparing'; done: number; total: number; fraction: number | null }
  | { kind: 'unavailable'; reason: string | null }
  | { kind: 'off' }
  | { kind: 'none' }

export interface AssetViewInput {
  /** `recognizer.packUrl` of `/config`, resolved (readPackUrl); wins over everything else. */
  configPackUrl: string | null
  /** `/config` has an `assets` object: the server downloads resources and answers `/api/_/assets`. */
  announced: boolean
  /** The live `GET /api/_/assets` answer, when there is one. */
  status: AssetStatus | undefined
  /** The last status request (or retry) failed with this message, when it did. */
  error: string | null
  /** The page address, to resolve a relative pack address against. */
  base: string
}

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

/**
 * The names of the items the pack cannot read yet on `server` (items listed without servers count
 * everywhere), in `locale` (else English, else Chinese, else the id), in the server's order.
 */
export const unreadableNames = (items: readonly UnreadableItem[], server: string, locale: string): string[] =>
  items.filter((u) => u.servers.length === 0 || u.servers.includes(server)).map((u) => localized(u.name_i18n, u.name_i18n.zh ?? u.itemId, locale))

export const assetView = ({ configPackUrl, announced, status, error, base }: AssetViewInput): AssetView => {
  if (configPackUrl) return { kind: 'pack', packUrl: configPackUrl }
  const built = status?.state === 'ready' ? readPackUrl({ recognizer: { packUrl: status.packUrl } }, base) : null
  if (built) return { kind: 'pack', packUrl: built }
  if (!announced && !status) return { kind: 'none' }
  if (!status) return error === null ? { kind: 'checking' } : { kind: 'unavailable', reason: error }
  switch (status.state) {
    case 'fetching':
      return { kind: 'preparing', done: status.done, total: status.total, fraction: status.total > 0 ? Math.min(1, status.done / status.total) : null }
    case 'off':
      return { kind: 'off' }
    // `ready` without a pack: the icons were built, the recognizer resources were not.
    case 'ready':
    case 'unavailable':
      return { kind: 'unavailable', reason: error ?? status.reason }
  }
}

/** How often the page asks while the server is downloading, and for a while after Retry. */
export const ASSET_POLL_MS = 2000
/** How often it asks while the resources are unavailable: the server tries again by itself, with a growing delay. */
export const ASSET_SLOW_POLL_MS = 30_000
/** After Retry, fast polling lasts this long even if the server still says unavailable (it refuses retries closer than 5 s apart). */
export const RETRY_WATCH_MS = 10_000

/**
 * When to ask `/api/_/assets` again (ms), or `false` for never: every 2 s while fetching and in the
 * 10 s after Retry (`sinceRetryMs`, null before any), every 30 s while unavailable, and while ready
 * with items the pack cannot read yet (`waiting`: the server rebuilds it when newer art arrives);
 * never once ready with nothing waiting, or off.
 */
export const pollInterval = (state: AssetState, sinceRetryMs: number | null, waiting = false): number | false => {
  if (state === 'fetching') return ASSET_POLL_MS
  if (state === 'ready') return waiting ? ASSET_SLOW_POLL_MS : false
  if (state !== 'unavailable') return false
  return sinceRetryMs !== null && sinceRetryMs < RETRY_WATCH_MS ? ASSET_POLL_MS : ASSET_SLOW_POLL_MS
}
