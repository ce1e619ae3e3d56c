import type { Server, Zone } from '@dropwise/schemas'
import { numberFormat } from '../../../lib/format'
import { baseOf, isLocale } from '../../../lib/i18n'

/** An event (a zone of type `ACTIVITY`) as it runs on one server. */
export interface EventWindow {
  zone: Zone
  /** Epoch ms; the game tables give both for every event, a missing one reads as "always". */
  openTime: number
  closeTime: number
}

export interface EventsNow {
  /** Open now, the one that closes first first. */
  open: EventWindow[]
  /** Not open yet, the one that opens first first. */
  upcoming: EventWindow[]
  /** The event that closed last, or null when none has closed. */
  lastClosed: EventWindow | null
}

/**
 * The events of `server` at `now` (epoch ms): open (openTime ≤ now < closeTime), upcoming (now < openTime)
 * and the one that closed last. Permanent side stories (`ACTIVITY_PERMANENT`) are not events, and an event
 * that does not exist on the server is left out.
 */
export const eventsOn = (zones: readonly Zone[], server: Server, now: number): EventsNow => {
  const windows: EventWindow[] = []
  for (const zone of zones) {
    const e = zone.existence[server]
    if (zone.type !== 'ACTIVITY' || !e.exist) continue
    windows.push({ zone, openTime: e.openTime ?? Number.NEGATIVE_INFINITY, closeTime: e.closeTime ?? Number.POSITIVE_INFINITY })
  }
  const open = windows.filter((w) => w.openTime <= now && now < w.closeTime).sort((a, b) => a.closeTime - b.closeTime)
  const upcoming = windows.filter((w) => now < w.openTime).sort((a, b) => a.openTime - b.openTime)
  const lastClosed = windows.filter((w) => w.closeTime <= now).reduce<EventWindow | null>((last, w) => (!last || w.closeTime > last.closeTime ? w : last), null)
  return { open, upcoming, lastClosed }
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * A duration in at most two units, rounded down: days and hours from a day on, hours and minutes under
 * a day, minutes under an hour (at least 1, so a window that has not passed never reads "0 min").
 */
type DurationPart = { unit: 'day' | 'hour' | 'minute'; value: number }
export const durationParts = (ms: number): DurationPart[] => {
  const d = Math.max(0, ms)
  const two = (a: DurationPart, b: DurationPart) => (b.value > 0 ? [a, b] : [a])
  if (d >= DAY) return two({ unit: 'day', value: Math.floor(d / DAY) }, { unit: 'hour', value: Math.floor((d % DAY) / HOUR) })
  if (d >= HOUR) return two({ unit: 'hour', value: Math.floor(d / HOUR) }, { unit: 'minute', value: Math.floor((d % HOUR) / MINUTE) })
  return [{ unit: 'minute', value: Math.max(1, Math.floor(d / MINUTE)) }]
}

/**
 * "3d 4h", "3天4小时", "3 日 4 時間", "3일 4시간": `Intl` unit formats joined as a unit list. Japanese takes the
 * short units: its narrow ones are Latin letters run together ("3d4h").
 */
export const formatDuration = (ms: number, locale: string) => {
  const base = isLocale(locale) ? baseOf(locale) : 'en'
  const style = base === 'ja' ? 'short' : 'narrow'
  const parts = durationParts(ms).map((p) => numberFormat(locale, { style: 'unit', unit: p.unit, unitDisplay: style }).format(p.value))
  return new Intl.ListFormat(base === 'zh' ? 'zh-CN' : base, { type: 'unit', style }).format(parts)
}
