import Box from '@mui/material/Box'
import type { Item } from '@dropwise/schemas'
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { localized } from '../lib/i18n'
import { useItemArt, type IconSheet } from '../lib/item-icons'
import { useSettings } from '../lib/state-hooks'

/** The project's own sheet (6 × 19 cells); a real-art sheet uses Penguin Statistics' geometry. */
export const SPRITE = { url: '/sprite/items.svg', cols: 6, rows: 19 }
/** Cell used for items without a sprite coordinate. */
export const FALLBACK_COORD: [number, number] = [5, 18]
export const RARITY_COLORS = ['#9e9e9e', '#c0ca33', '#42a5f5', '#ab47bc', '#ffb300', '#ff7043'] as const

export const spriteStyle = (coord: [number, number] | undefined, size: number, url: string) => {
  const [x, y] = coord ?? FALLBACK_COORD
  return {
    backgroundImage: `url("${url}")`,
    backgroundSize: `${SPRITE.cols * size}px ${SPRITE.rows * size}px`,
    backgroundPosition: `${-x * size}px ${-y * size}px`,
  }
}

/** How one icon is drawn: `art` a cell of the server's sheet, `sprite` the fallback, `blank` a tile while the index loads. */
export type IconArt =
  | { kind: 'art'; style: { backgroundImage: string; backgroundSize: string; backgroundPosition: string } }
  | { kind: 'sprite'; style: ReturnType<typeof spriteStyle> }
  | { kind: 'blank' }

/**
 * The one decision for every item icon: the item's cell of the server's sheet when its index has
 * the item, else the sheet at `fallbackUrl` (the visitor's, the operator's or the drawn one) at the
 * item's sprite coordinate. `size` is the display size in px.
 */
export const chooseIconArt = (item: Pick<Item, 'itemId' | 'spriteCoord'>, size: number, sheet: IconSheet | null | 'loading', fallbackUrl: string): IconArt => {
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
  return { kind: 'sprite', style: spriteStyle(item.spriteCoord, size, fallbackUrl) }
}

interface ArtState {
  sheet: IconSheet | null | 'loading'
  /** The sheet the drawn icons use: the visitor's, the operator's or the project's. */
  fallbackUrl: string
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
const DRAWN_STATE: ArtState = { sheet: null, fallbackUrl: SPRITE.url }
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
  const fallbackUrl = iconSprite || operatorSprite || SPRITE.url
  const want = useCallback(() => {
    setShown((n) => n + 1)
    return () => setShown((n) => n - 1)
  }, [])
  const state = useMemo<ArtState>(() => ({ sheet, fallbackUrl }), [sheet, fallbackUrl])
  const [source] = useState(() => artSource(state, want))
  useEffect(() => source.set(state), [source, state])
  return <ArtContext.Provider value={source}>{children}</ArtContext.Provider>
}

/**
 * An item icon: the game's art when the server has it, else a drawn icon on a rarity-coloured tile.
 * The name is its accessible name and hover title; where no pointer hovers, callers show it as text.
 * The item's own background goes inline: as classes, each item's cell was a CSS rule of its own,
 * inserted into the page's stylesheet as the icon first rendered.
 */
export function ItemIcon({ item, size = 48 }: { item: Item; size?: number }) {
  const { i18n } = useTranslation()
  const source = useContext(ArtContext)
  const { sheet, fallbackUrl } = useSyncExternalStore(source.subscribe, source.get, () => source.first)
  const { want } = source
  useEffect(want, [want])
  const art = chooseIconArt(item, size, sheet, fallbackUrl)
  const name = localized(item.name_i18n, item.name, i18n.language)
  return (
    <Box
      role="img"
      aria-label={name}
      title={name}
      data-art={art.kind}
      sx={{ width: size, height: size, borderRadius: 1.5, flexShrink: 0, backgroundRepeat: 'no-repeat' }}
      style={{
        // The game's art brings its own frame; the drawn icons sit on the item's rarity colour.
        backgroundColor: art.kind === 'art' ? 'transparent' : (RARITY_COLORS[item.rarity] ?? RARITY_COLORS[0]),
        ...(art.kind === 'blank' ? { opacity: 0.4 } : art.style),
      }}
    />
  )
}
