import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchAssetStatus, readConfigAssets, type ItemIconsLocation } from './assets'
import { useDataset } from './data'
import { isRecord } from './guards'

/**
 * The item icon sheet the server builds from the game's resources: one WebP of `cols × rows` cells
 * of `size` px, and an index naming each item's cell. Items the index lacks keep the drawn icons.
 */
export interface IconSheet {
  sheetUrl: string
  /** Cell edge in the sheet, px (the display size is the icon's own). */
  size: number
  cols: number
  rows: number
  /** `[col, row]` of each item with art. */
  cells: ReadonlyMap<string, readonly [number, number]>
}

const positiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0
const cellIndex = (v: unknown, limit: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < limit

/** The index JSON (`{ size, cols, rows, items: { [itemId]: [col, row] } }`); cells outside the sheet are left out. */
export const readIconIndex = (raw: unknown, sheetUrl: string): IconSheet | null => {
  if (!isRecord(raw) || !positiveInt(raw.size) || !positiveInt(raw.cols) || !positiveInt(raw.rows) || !isRecord(raw.items)) return null
  const { cols, rows } = raw
  const cells = new Map<string, readonly [number, number]>()
  for (const [id, at] of Object.entries(raw.items))
    if (Array.isArray(at) && at.length === 2 && cellIndex(at[0], cols) && cellIndex(at[1], rows)) cells.set(id, [at[0], at[1]])
  return { sheetUrl, size: raw.size, cols, rows, cells }
}

/** An operator's sheet of real art in the Penguin Statistics layout (`/config` `itemSprite.url`), used by the drawn icons' coordinates. */
export const readItemSprite = (config: unknown): string | undefined => {
  const sprite = isRecord(config) && isRecord(config.itemSprite) ? config.itemSprite.url : undefined
  return typeof sprite === 'string' && sprite.length > 0 ? sprite : undefined
}

/** `sheet`: the index is loaded; `waiting`: the server is still building it; `none`: this server has none. */
export type IconSheetAnswer = { kind: 'sheet'; sheet: IconSheet } | { kind: 'waiting' } | { kind: 'none' }

export const ITEM_ICONS_KEY = ['item-icons'] as const

const loadIndex = async (where: ItemIconsLocation, signal: AbortSignal): Promise<IconSheetAnswer> => {
  const res = await fetch(where.indexUrl, { credentials: 'same-origin', signal })
  if (!res.ok) throw new Error(`(${res.status}) ${where.indexUrl}`)
  const sheet = readIconIndex(await res.json(), where.sheetUrl)
  if (!sheet) throw new Error(`${where.indexUrl}: not an icon index`)
  return { kind: 'sheet', sheet }
}

/**
 * The icon index, once per session (long stale time): from the address `/config` names, else (the
 * stored `/config` is older than the sheet) from the live `GET /api/_/assets`. A `waiting` answer is
 * asked again on the next page that shows items, at most every 15 s, and every 5 s while a page that shows
 * items stays open, so the art appears without a reload.
 */
const WAITING_POLL_MS = 5_000

export const iconSheetQueryOptions = (known: ItemIconsLocation | null) =>
  queryOptions({
    queryKey: [...ITEM_ICONS_KEY, known?.indexUrl ?? null],
    queryFn: async ({ signal }): Promise<IconSheetAnswer> => {
      if (known) return loadIndex(known, signal)
      const status = await fetchAssetStatus(signal)
      if (status.itemIcons) return loadIndex(status.itemIcons, signal)
      return status.state === 'fetching' ? { kind: 'waiting' } : { kind: 'none' }
    },
    staleTime: (q) => (q.state.data?.kind === 'sheet' ? Infinity : q.state.data?.kind === 'waiting' ? 15_000 : 300_000),
    // A page left open while the server prepares (a player who came early) turns to the art by itself.
    refetchInterval: (q) => (q.state.data?.kind === 'waiting' ? WAITING_POLL_MS : false),
    gcTime: Infinity,
    retry: 1,
  })

/**
 * What `ItemIcon` draws from: `sheet` is the icon sheet, `null` (draw the fallback) or `'loading'`
 * (an answer is on its way: draw an empty tile, not the fallback that would be swapped a moment
 * later); `operatorSprite` the operator's sheet for the fallback. Asks the network only where items
 * are shown (`wanted`), and never a server that does not announce resources. Computed once for the
 * whole app (components/item-icon.tsx `ItemArtProvider`), not per icon.
 */
export const useItemArt = (wanted: boolean): { sheet: IconSheet | null | 'loading'; operatorSprite: string | undefined } => {
  const config = useDataset('config')
  const assets = readConfigAssets(config.data)
  const enabled = assets.itemIcons !== null || assets.announced
  // Not wanted yet (no icon on screen): the index is not asked for, and the answer reads as on its way.
  const query = useQuery({ ...iconSheetQueryOptions(assets.itemIcons), enabled: enabled && wanted })
  const operatorSprite = readItemSprite(config.data)
  if (config.data === undefined) return { sheet: config.isPending && config.fetchStatus === 'fetching' ? 'loading' : null, operatorSprite }
  if (!enabled || query.isError) return { sheet: null, operatorSprite }
  if (query.isPending) return { sheet: 'loading', operatorSprite }
  return { sheet: query.data.kind === 'sheet' ? query.data.sheet : null, operatorSprite }
}
