import { CATEGORIES, SERVERS } from '@dropwise/schemas'
import { z } from 'zod'
import { createPersistedStore } from './persisted-store'
import { STORAGE_KEYS } from './storage'

export const THEME_STYLES = ['default', 'miku2021', 'seaborn', 'avemujica'] as const
export type ThemeStyle = (typeof THEME_STYLES)[number]
export const APPEARANCES = ['system', 'dark', 'light'] as const
export type Appearance = (typeof APPEARANCES)[number]
export const SOURCES = ['global', 'personal'] as const
export type Source = (typeof SOURCES)[number]

const UserIdEntrySchema = z.object({ id: z.string(), time: z.number(), version: z.string() })
export type UserIdEntry = z.infer<typeof UserIdEntrySchema>

export const SettingsSchema = z.object({
  themeStyle: z.enum(THEME_STYLES).catch('default'),
  // The public client stored a boolean before it had 'system'.
  dark: z
    .union([z.enum(APPEARANCES), z.boolean(), z.null()])
    .transform((v): Appearance => (v === true ? 'dark' : v === false ? 'light' : v === null ? 'system' : v))
    .catch('system'),
  /** Locale id chosen by the user; null means "follow the browser". */
  language: z.string().nullable().catch(null),
  lowData: z.boolean().catch(false),
  /**
   * Address of a real item-icon sprite sheet (Penguin Statistics geometry) chosen by the operator
   * or visitor; empty means the icons the project draws itself.
   */
  iconSprite: z.string().catch(''),
  userIdHistory: z.array(UserIdEntrySchema).catch([]),
  randomBackground: z.object({ last: z.string(), ids: z.array(z.number()) }).catch({ last: '', ids: [] }),
})
export type Settings = z.infer<typeof SettingsSchema>

export const DataSourceSchema = z.object({
  source: z.enum(SOURCES).catch('global'),
  server: z.enum(SERVERS).catch('CN'),
  category: z.enum(CATEGORIES).catch('all'),
})
export type DataSourceState = z.infer<typeof DataSourceSchema>

export const AuthSchema = z.object({ username: z.string().nullable().catch(null) })
export const MirrorSchema = z.object({ ignoreNotification: z.boolean().catch(false) })

export const settingsStore = createPersistedStore(STORAGE_KEYS.settings, SettingsSchema)
export const dataSourceStore = createPersistedStore(STORAGE_KEYS.dataSource, DataSourceSchema)
export const authStore = createPersistedStore(STORAGE_KEYS.auth, AuthSchema)
export const mirrorStore = createPersistedStore(STORAGE_KEYS.mirror, MirrorSchema)

/** Session-only UI state (not persisted). */
export const uiState = {
  /** True while screenshot recognition runs: the server selector is locked. */
  recognitionRunning: false,
}
