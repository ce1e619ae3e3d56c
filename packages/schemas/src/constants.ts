/*
 * Plain values, without zod: a page that reads only these (the advanced query's default windows) does not
 * load zod's set-up with them. ./common.ts re-exports them beside the schemas.
 */

/** Game regions served by the API. `CN` is the default wherever a server parameter is optional. */
export const SERVERS = ['CN', 'US', 'JP', 'KR'] as const
type ServerName = (typeof SERVERS)[number]

/** Languages every localised text carries (api-v2.md §5). */
export const LANGUAGES = ['zh', 'en', 'ja', 'ko'] as const
export type Language = (typeof LANGUAGES)[number]

/** Storage sentinel for "no end" (api-v2.md §1.2); on the wire it is `null`. */
export const NO_END_MS = 62141368179000

/** Server launch instants in ms (api-v2.md §1.2); the default start of custom windows. */
export const SERVER_LAUNCH_MS: Record<ServerName, number> = {
  CN: 1556676000000,
  US: 1579190400000,
  JP: 1579140000000,
  KR: 1579140000000,
}

/** Fixed UTC offsets of the server clocks in hours (no DST). */
export const SERVER_UTC_OFFSET_HOURS: Record<ServerName, number> = { CN: 8, US: -7, JP: 9, KR: 9 }
