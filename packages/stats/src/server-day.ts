import { SERVER_UTC_OFFSET_HOURS, type Server } from '@dropwise/schemas'

/**
 * Server-local calendar days (api-v2.md §10.4): a "day" runs from local midnight to local midnight
 * on the server's fixed-offset clock (no DST). Days are numbered by a **day index**: whole days since
 * 1970-01-01 in server-local time, so index 0 on CN starts at 1969-12-31T16:00Z.
 */

/** Milliseconds in one day. */
export const DAY_MS = 86_400_000
/** Milliseconds in one hour. */
export const HOUR_MS = 3_600_000

/** The server's UTC offset in milliseconds (CN +8 h → 28 800 000). */
export const serverOffsetMs = (server: Server): number => SERVER_UTC_OFFSET_HOURS[server] * HOUR_MS

/**
 * Day index of instant `ms` on `server`: `⌊(ms + offset) / DAY_MS⌋`. Works for instants before 1970
 * (negative indices). Local midnight belongs to the day it starts.
 */
export const serverDayIndex = (server: Server, ms: number): number => Math.floor((ms + serverOffsetMs(server)) / DAY_MS)

/** Instant (epoch ms) of local midnight starting day `dayIndex` on `server`. */
export const serverDayStart = (server: Server, dayIndex: number): number => dayIndex * DAY_MS - serverOffsetMs(server)

/** Local midnight starting the server day that contains `ms`. */
export const startOfServerDay = (server: Server, ms: number): number => serverDayStart(server, serverDayIndex(server, ms))

/**
 * The server-local calendar date of day `dayIndex` as `YYYY-MM-DD` (a stable key for day rows).
 * Pure: formats a fixed instant in UTC, never reads the clock or the host time zone.
 */
export const serverDayDate = (dayIndex: number): string => new Date(dayIndex * DAY_MS).toISOString().slice(0, 10)

/** Inverse of {@link serverDayDate}: the day index of a `YYYY-MM-DD` date, or `null` if malformed. */
export const dayIndexOfDate = (date: string): number | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null
  const ms = Date.parse(`${date}T00:00:00Z`)
  if (Number.isNaN(ms) || serverDayDate(ms / DAY_MS) !== date) return null
  return ms / DAY_MS
}
