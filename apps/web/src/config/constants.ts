import type { Category, Server } from '@dropwise/schemas'
/** Business constants of the shell (spec 000 §9). Times in ms. */
export const HOUR_MS = 3_600_000
export const TTL = {
  config: HOUR_MS,
  items: HOUR_MS,
  stages: HOUR_MS,
  zones: HOUR_MS,
  period: HOUR_MS,
  globalMatrix: HOUR_MS,
  globalPatternMatrix: HOUR_MS,
  personalMatrix: HOUR_MS,
  personalPatternMatrix: HOUR_MS,
  stats: 600_000,
  trends: 86_400_000,
} as const

export const API_TIMEOUT_MS = 90_000
export const CHUNK_TIMEOUT_MS = 120_000
export const SNACKBAR_MS = 5_000
export const STORAGE_WARNING_DELAY_MS = 3_000
export const STORAGE_WARNING_MS = 30_000
export const SERVER_OVERLAY_MS = 2_500
export const SERVER_LOCK_NOTICE_MS = 10_000
export const RESET_COUNTDOWN_S = 5
export const RESET_DELAY_MS = 1_000
export const UPGRADE_RELOAD_MS = 1_000
/**
 * The service worker registers this long after the load event, once the browser is idle: installing it
 * downloads every asset for offline use (app/shell/update-prompt.tsx), which must not compete with the
 * page's start-up (hydrating, its data). Lighthouse on the item page, 4 runs each, interleaved: TBT
 * 217-333 ms registering at the first idle period after load, 152-259 ms without a worker.
 */
export const SW_REGISTER_DELAY_MS = 5_000
export const NETWORK_HIDE_MS = 175
/**
 * An open page asks the server which game-data version it serves this often while it is visible, unless an
 * answer said so meanwhile (lib/game-data-version.ts); and on coming back to the page after a minute away.
 * The server syncs hourly by default: a new event's stages show within five minutes of their sync.
 */
export const GAME_DATA_POLL_MS = 300_000
export const GAME_DATA_RECHECK_MS = 60_000
export const THEME_CHECK_MS = 60_000
export const BACKGROUND_ROTATE_MS = 300_000
export const BACKGROUND_ROTATE_LOW_DATA_MS = 1_800_000
export const CONFIRM_WIDTH = 450
export const OUTDATED_DIALOG_WIDTH = 350
export const DRAWER_WIDTH = 300
export const TITLE_SEPARATOR = ' ‹ '
export const APP_NAME_SEPARATOR = ' │ '

/**
 * Servers and matrix categories of the shared schemas, repeated here as plain values: importing
 * them from @dropwise/schemas would bring zod into the first load. The types below fail to
 * compile when the lists drift apart.
 */
export const SERVERS = ['CN', 'US', 'JP', 'KR'] as const satisfies readonly Server[]
export const CATEGORIES = ['all', 'automated', 'manual'] as const satisfies readonly Category[]
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export const LISTS_MATCH_SCHEMAS: [Same<(typeof SERVERS)[number], Server>, Same<(typeof CATEGORIES)[number], Category>] = [true, true]
