import { isRecord } from './guards'

/**
 * The game resources the server downloads in the background (the recognizer pack and the item icon
 * sheet): `GET /api/_/assets` (same origin, never cached) and the `assets` / `itemIcons` fields of
 * `GET /config`. Read by hand rather than with zod, like the rest of the first load's readers.
 */
export type AssetState = 'ready' | 'fetching' | 'unavailable' | 'off'

/** Where the icon sheet and its index are; the server announces them once the sheet is built. */
export interface ItemIconsLocation {
  sheetUrl: string
  indexUrl: string
}

/** An item of the current game data the server's recognizer pack cannot read yet, and the servers where a stage drops it now or later. */
export interface UnreadableItem {
  itemId: string
  name_i18n: Partial<Record<'zh' | 'en' | 'ja' | 'ko', string>>
  servers: string[]
}

/** The answer of `GET /api/_/assets` (and `POST /api/_/assets/retry`). */
export interface AssetStatus {
  state: AssetState
  /** Steps finished so far of `total` while `fetching`. */
  done: number
  total: number
  /** Why the resources are unavailable, for operators (English, from the server); null otherwise. */
  reason: string | null
  /** The recognizer pack the server built, once ready. */
  packUrl: string | null
  itemIcons: ItemIconsLocation | null
  /** Items the served pack cannot read yet (empty from an older server). */
  unreadable: UnreadableItem[]
  /** The server is rebuilding the pack for newer game data; the current one serves meanwhile. */
  updating: boolean
}

export const ASSETS_PATH = '/api/_/assets'
export const ASSETS_RETRY_PATH = '/api/_/assets/retry'

const STATES: readonly AssetState[] = ['ready', 'fetching', 'unavailable', 'off']
const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0)
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== ''

/** The well-formed entries of an `unreadable` list (anything else: none). */
export const readUnreadable = (v: unknown): UnreadableItem[] =>
  Array.isArray(v)
    ? v.flatMap((u: unknown) =>
        isRecord(u) && nonEmpty(u.itemId)
          ? [
              {
                itemId: u.itemId,
                name_i18n: isRecord(u.name_i18n) ? Object.fromEntries(Object.entries(u.name_i18n).filter(([, n]) => nonEmpty(n))) : {},
                servers: Array.isArray(u.servers) ? u.servers.filter(nonEmpty) : [],
              },
            ]
          : [],
      )
    : []

/** `{ sheetUrl, indexUrl }` when both are non-empty strings, else null. */
export const readItemIconsLocation = (v: unknown): ItemIconsLocation | null =>
  isRecord(v) && nonEmpty(v.sheetUrl) && nonEmpty(v.indexUrl) ? { sheetUrl: v.sheetUrl, indexUrl: v.indexUrl } : null

/** The status body, or null when it is not one (an older server, a proxy's error page). */
export const readAssetStatus = (raw: unknown): AssetStatus | null => {
  if (!isRecord(raw) || typeof raw.state !== 'string' || !STATES.includes(raw.state as AssetState)) return null
  const rec = isRecord(raw.recognizer) ? raw.recognizer : null
  return {
    state: raw.state as AssetState,
    done: count(raw.done),
    total: count(raw.total),
    reason: nonEmpty(raw.reason) ? raw.reason : null,
    packUrl: rec && nonEmpty(rec.packUrl) ? rec.packUrl : null,
    itemIcons: readItemIconsLocation(raw.itemIcons),
    unreadable: readUnreadable(raw.unreadable),
    updating: raw.updating === true,
  }
}

/**
 * What `/config` says about the resources. `announced`: the server downloads resources at all (its
 * `/config` has an `assets` object), so `/api/_/assets` exists; an older server has neither, and is
 * never asked. `state` may be old: `/config` is kept for an hour in the data cache.
 */
export const readConfigAssets = (
  config: unknown,
): { announced: boolean; state: AssetState | null; itemIcons: ItemIconsLocation | null; unreadable: UnreadableItem[] } => {
  const c = isRecord(config) ? config : {}
  const assets = isRecord(c.assets) ? c.assets : null
  return {
    announced: assets !== null,
    state: assets && STATES.includes(assets.state as AssetState) ? (assets.state as AssetState) : null,
    itemIcons: readItemIconsLocation(c.itemIcons),
    unreadable: readUnreadable(assets?.unreadable),
  }
}

const request = async (method: 'GET' | 'POST', path: string, signal?: AbortSignal): Promise<AssetStatus> => {
  const res = await fetch(path, { method, cache: 'no-store', credentials: 'same-origin', headers: { Accept: 'application/json' }, ...(signal ? { signal } : {}) })
  if (!res.ok) throw new Error(`(${res.status}) ${res.statusText}`)
  const status = readAssetStatus(await res.json())
  if (!status) throw new Error(`${path}: not an asset status`)
  return status
}

/** `GET /api/_/assets`. */
export const fetchAssetStatus = (signal?: AbortSignal) => request('GET', ASSETS_PATH, signal)

/** `POST /api/_/assets/retry`: the server starts downloading again and answers 202 with the status. */
export const retryAssets = () => request('POST', ASSETS_RETRY_PATH)
