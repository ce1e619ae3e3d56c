import type { Server } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { DAY_MS, dayIndexOfDate, serverDayDate, serverDayIndex, serverDayStart, serverOffsetMs, startOfServerDay } from './server-day'

const utc = (iso: string) => Date.parse(iso)

describe('server-local days (§10.4)', () => {
  it.each<[Server, number]>([
    ['CN', 8 * 3_600_000],
    ['US', -7 * 3_600_000],
    ['JP', 9 * 3_600_000],
    ['KR', 9 * 3_600_000],
  ])('offset of %s is %i ms', (server, want) => expect(serverOffsetMs(server)).toBe(want))

  it.each<[Server, string, string, string]>([
    // [server, instant (UTC), local date, local midnight of that date (UTC)]
    ['CN', '2024-03-01T15:59:59.999Z', '2024-03-01', '2024-02-29T16:00:00.000Z'],
    ['CN', '2024-03-01T16:00:00.000Z', '2024-03-02', '2024-03-01T16:00:00.000Z'],
    ['US', '2024-03-01T06:59:59.999Z', '2024-02-29', '2024-02-29T07:00:00.000Z'],
    ['US', '2024-03-01T07:00:00.000Z', '2024-03-01', '2024-03-01T07:00:00.000Z'],
    ['JP', '2024-12-31T15:00:00.000Z', '2025-01-01', '2024-12-31T15:00:00.000Z'],
    ['KR', '2024-12-31T14:59:59.999Z', '2024-12-31', '2024-12-30T15:00:00.000Z'],
    ['CN', '1969-12-31T15:00:00.000Z', '1969-12-31', '1969-12-30T16:00:00.000Z'],
  ])('%s: %s is on local %s starting %s', (server, instant, date, midnight) => {
    const day = serverDayIndex(server, utc(instant))
    expect(serverDayDate(day)).toBe(date)
    expect(serverDayStart(server, day)).toBe(utc(midnight))
    expect(startOfServerDay(server, utc(instant))).toBe(utc(midnight))
    expect(dayIndexOfDate(date)).toBe(day)
  })

  it('day start is in its own day and the instant before it is the previous day (every server, many days)', () => {
    for (const server of ['CN', 'US', 'JP', 'KR'] as const) {
      for (let day = 19000; day < 19400; day += 13) {
        const start = serverDayStart(server, day)
        expect(serverDayIndex(server, start)).toBe(day)
        expect(serverDayIndex(server, start - 1)).toBe(day - 1)
        expect(serverDayIndex(server, start + DAY_MS - 1)).toBe(day)
      }
    }
  })

  it.each(['2024-02-30', '2024-1-01', 'yesterday', ''])('dayIndexOfDate(%j) is null', (s) => expect(dayIndexOfDate(s)).toBeNull())
})
