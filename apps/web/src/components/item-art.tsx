/* The app-wide source of item art (in the start chunk with the app's providers); the icons themselves are in item-icon.tsx. */
import type { Item } from '@dropwise/schemas'
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useItemArt, type IconSheet } from '../lib/item-icons'
import { useSettings } from '../lib/state-hooks'

/** The geometry of a sheet of real art in Penguin Statistics' layout (6 × 19 cells, addressed by `spriteCoord`). */
export const SPRITE = { cols: 6, rows: 19 }
export const RARITY_COLORS = ['#9e9e9e', '#c0ca33', '#42a5f5', '#ab47bc', '#ffb300', '#ff7043'] as const

export const spriteStyle = ([x, y]: [number, number], size: number, url: string) => ({
  backgroundImage: `url("${url}")`,
  backgroundSize: `${SPRITE.cols * size}px ${SPRITE.rows * size}px`,
  backgroundPosition: `${-x * size}px ${-y * size}px`,
})

/**
 * How one icon is drawn: `art` a cell of the server's sheet, `sprite` a cell of the visitor's or the
 * operator's sheet, `drawn` the item's own drawn icon (drawn-item-icon.tsx), `blank` a tile while the index loads.
 */
export type IconArt =
  | { kind: 'art'; style: { backgroundImage: string; backgroundSize: string; backgroundPosition: string } }
  | { kind: 'sprite'; style: ReturnType<typeof spriteStyle> }
  | { kind: 'drawn' }
  | { kind: 'blank' }

/**
 * The one decision for every item icon: the item's cell of the server's sheet when its index has
 * the item, else the sheet at `fallbackUrl` (the visitor's or the operator's) at the item's sprite
 * coordinate, else (no such sheet, or the item has no coordinate in it) the drawn icon. `size` is
 * the display size in px.
 */
export const chooseIconArt = (item: Pick<Item, 'itemId' | 'spriteCoord'>, size: number, sheet: IconSheet | null | 'loading', fallbackUrl: string | null): IconArt => {
  if (sheet === 'loading') return { kind: 'blank' }
  const cell = sheet?.cells.get(item.itemId)
  if (sheet && cell) {
    const [col, row] = cell
    return {
      kind: 'art',
      style: {
        backgroundImage: `url("${sheet.sheetUrl}")`,
        backgroundSize: `${sheet.cols * size}px ${sheet.rows * size}px`,
        backgroundPosition: `${-col * size}px ${-row * size}px`,
      },
    }
  }
  return fallbackUrl && item.spriteCoord ? { kind: 'sprite', style: spriteStyle(item.spriteCoord, size, fallbackUrl) } : { kind: 'drawn' }
}

interface ArtState {
  sheet: IconSheet | null | 'loading'
  /** The sheet of real art items without the server's art use (the visitor's, else the operator's); null: drawn icons. */
  fallbackUrl: string | null
}
/** What icons draw from: a store whose object never changes, so a change reaches the icons, not the whole app. */
interface ArtSource {
  get: () => ArtState
  /** What the app's first render drew from (a hydrating icon draws what the server drew). */
  first: ArtState
  subscribe: (listener: () => void) => () => void
  /** An icon is on screen (until the returned function runs): the icon index may be asked for. */
  want: () => () => void
}
const DRAWN_STATE: ArtState = { sheet: null, fallbackUrl: null }
const DRAWN: ArtSource = { get: () => DRAWN_STATE, first: DRAWN_STATE, subscribe: () => () => undefined, want: () => () => undefined }
const ArtContext = createContext<ArtSource>(DRAWN)

const artSource = (first: ArtState, want: () => () => void): ArtSource & { set: (next: ArtState) => void } => {
  let current = first
  const listeners = new Set<() => void>()
  return {
    first,
    get: () => current,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    want,
    set: (next) => {
      if (next === current) return
      current = next
      for (const listener of [...listeners]) listener()
    },
  }
}

/**
 * What every item icon draws from, decided once for the app: a page of a hundred icons used to hold
 * two queries and three store subscriptions per icon. The icon index is asked for (and, while the
 * server prepares it, polled) only while icons are on screen. Outside it (tests of a single part)
 * icons are drawn.
 *
 * The context's value is one store for the app's life, not the state itself: a new context value
 * reaches every part of the page still waiting to hydrate (components/hydrate-when-seen.tsx), which
 * React then hydrates at once or renders afresh.
 */
export function ItemArtProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(0)
  const iconSprite = useSettings((s) => s.iconSprite)
  const { sheet, operatorSprite } = useItemArt(shown > 0)
  const fallbackUrl = iconSprite || operatorSprite || null
  const want = useCallback(() => {
    setShown((n) => n + 1)
    return () => setShown((n) => n - 1)
  }, [])
  const state = useMemo<ArtState>(() => ({ sheet, fallbackUrl }), [sheet, fallbackUrl])
  const [source] = useState(() => artSource(state, want))
  useEffect(() => source.set(state), [source, state])
  return <ArtContext.Provider value={source}>{children}</ArtContext.Provider>
}

/** What an icon draws from now; while on screen, the icon index may be asked for. */
export const useArtState = (): ArtState => {
  const source = useContext(ArtContext)
  const state = useSyncExternalStore(source.subscribe, source.get, () => source.first)
  const { want } = source
  useEffect(want, [want])
  return state
}
