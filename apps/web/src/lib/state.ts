import type { Category, Server } from '@dropwise/schemas'
import { CATEGORIES, SERVERS } from '../config/constants'
import { bool, isRecord, nullableStr, oneOf, shape, str, type Guard } from './guards'
import { createPersistedStore } from './persisted-store'
import { STORAGE_KEYS } from './storage'

export const THEME_STYLES = ['default', 'miku2021', 'seaborn', 'avemujica'] as const
export type ThemeStyle = (typeof THEME_STYLES)[number]
export const APPEARANCES = ['system', 'dark', 'light'] as const
export type Appearance = (typeof APPEARANCES)[number]
export const SOURCES = ['global', 'personal'] as const
export type Source = (typeof SOURCES)[number]

export interface UserIdEntry {
  id: string
  time: number
  version: string
}
const userIdHistory: Guard<UserIdEntry[]> = (v) =>
  Array.isArray(v) && v.every((e) => isRecord(e) && typeof e.id === 'string' && typeof e.time === 'number' && typeof e.version === 'string') ? (v as UserIdEntry[]) : []

export interface Settings {
  themeStyle: ThemeStyle
  dark: Appearance
  /** Locale id chosen by the user; null means "follow the browser". */
  language: string | null
  lowData: boolean
  /**
   * Address of a real item-icon sprite sheet (Penguin Statistics geometry) chosen by the operator
   * or visitor; empty means the icons the project draws itself.
   */
  iconSprite: string
  userIdHistory: UserIdEntry[]
  randomBackground: { last: string; ids: number[] }
}

export const parseSettings = shape<Settings>({
  themeStyle: oneOf(THEME_STYLES, 'default'),
  // The public client stored a boolean before it had 'system'.
  dark: (v) => (v === true ? 'dark' : v === false ? 'light' : oneOf(APPEARANCES, 'system')(v)),
  language: nullableStr,
  lowData: bool(false),
  iconSprite: str(''),
  userIdHistory,
  randomBackground: (v) =>
    isRecord(v) && typeof v.last === 'string' && Array.isArray(v.ids) && v.ids.every((i) => typeof i === 'number')
      ? { last: v.last, ids: v.ids as number[] }
      : { last: '', ids: [] },
})

export interface DataSourceState {
  source: Source
  server: Server
  category: Category
}
export const parseDataSource = shape<DataSourceState>({
  source: oneOf(SOURCES, 'global'),
  server: oneOf(SERVERS, 'CN'),
  category: oneOf(CATEGORIES, 'all'),
})

export const parseAuth = shape<{ username: string | null }>({ username: nullableStr })
export const parseMirror = shape<{ ignoreNotification: boolean }>({ ignoreNotification: bool(false) })

export const settingsStore = createPersistedStore(STORAGE_KEYS.settings, parseSettings)
export const dataSourceStore = createPersistedStore(STORAGE_KEYS.dataSource, parseDataSource)
export const authStore = createPersistedStore(STORAGE_KEYS.auth, parseAuth)
export const mirrorStore = createPersistedStore(STORAGE_KEYS.mirror, parseMirror)

/** Session-only UI state (not persisted). */
export const uiState = {
  /** True while screenshot recognition runs: the server selector is locked. */
  recognitionRunning: false,
}
