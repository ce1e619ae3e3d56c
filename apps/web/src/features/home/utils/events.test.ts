import type { Existence, Server, Zone } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { durationParts, eventsOn, formatDuration } from './events'

const H = 3_600_000
const D = 24 * H
const NOW = Date.UTC(2026, 11, 3, 12)

const absent = { exist: false }
const zone = (zoneId: string, type: string, cn: Existence['CN'], us: Existence['US'] = absent): Zone => ({
  zoneId,
  zoneIndex: 0,
  type,
  subType: null,
  zoneName: zoneId,
  zoneName_i18n: { zh: zoneId, en: zoneId, ja: zoneId, ko: zoneId },
  existence: { CN: cn, US: us, JP: absent, KR: absent },
  background: null,
  stages: [`${zoneId}_01`],
})
const at = (openTime: number, closeTime: number) => ({ exist: true, openTime, closeTime })

const ZONES = [
  zone('ends-late', 'ACTIVITY', at(NOW - 2 * D, NOW + 10 * D)),
  zone('ends-soon', 'ACTIVITY', at(NOW - 5 * D, NOW + 3 * D + 4 * H), at(NOW + 20 * D, NOW + 34 * D)),
  zone('opens-later', 'ACTIVITY', at(NOW + 9 * D, NOW + 23 * D)),
  zone('opens-next', 'ACTIVITY', at(NOW + H, NOW + 14 * D)),
  zone('closed-last', 'ACTIVITY', at(NOW - 30 * D, NOW - 16 * D)),
  zone('closed-long-ago', 'ACTIVITY', at(NOW - 400 * D, NOW - 386 * D)),
  zone('closes-this-instant', 'ACTIVITY', at(NOW - 14 * D, NOW)),
  zone('permanent', 'ACTIVITY_PERMANENT', at(NOW - 30 * D, NOW + 3000 * D)),
  zone('main', 'MAINLINE', { exist: true }),
  zone('not-here', 'ACTIVITY', absent, at(NOW - D, NOW + D)),
]
const ids = (ws: { zone: Zone }[]) => ws.map((w) => w.zone.zoneId)

describe('eventsOn', () => {
  it('sorts open events by closing time and upcoming ones by opening time; only events of the server', () => {
    const cn = eventsOn(ZONES, 'CN', NOW)
    expect(ids(cn.open)).toEqual(['ends-soon', 'ends-late'])
    expect(ids(cn.upcoming)).toEqual(['opens-next', 'opens-later'])
    // Closing at `now` is closed (the window's end is exclusive), and the newest of the closed ones is kept.
    expect(cn.lastClosed?.zone.zoneId).toBe('closes-this-instant')
    expect(cn.lastClosed?.closeTime).toBe(NOW)
  })

  it('reads each server on its own windows', () => {
    const us = eventsOn(ZONES, 'US', NOW)
    expect(ids(us.open)).toEqual(['not-here'])
    expect(ids(us.upcoming)).toEqual(['ends-soon'])
    expect(us.lastClosed).toBeNull()
  })

  it.each<[Server, number, string[], string[]]>([
    ['CN', 9, ['ends-late', 'opens-next', 'opens-later'], []],
    ['CN', 11, ['opens-next', 'opens-later'], []],
    ['US', 20, ['ends-soon'], []],
    ['KR', 0, [], []],
  ])('on %s %i days on: open %j, upcoming %j', (server, days, open, upcoming) => {
    const r = eventsOn(ZONES, server, NOW + days * D)
    expect(ids(r.open)).toEqual(open)
    expect(ids(r.upcoming)).toEqual(upcoming)
  })

  it('an event without times is open always', () => {
    const r = eventsOn([zone('untimed', 'ACTIVITY', { exist: true })], 'CN', NOW)
    expect(ids(r.open)).toEqual(['untimed'])
    expect(r.open[0]?.closeTime).toBe(Number.POSITIVE_INFINITY)
  })
})

describe('time left', () => {
  it.each([
    [
      3 * D + 4 * H + 59 * 60_000,
      [
        ['day', 3],
        ['hour', 4],
      ],
    ],
    [3 * D + 30 * 60_000, [['day', 3]]],
    [
      5 * H + 7 * 60_000,
      [
        ['hour', 5],
        ['minute', 7],
      ],
    ],
    [H, [['hour', 1]]],
    [59 * 60_000 + 59_000, [['minute', 59]]],
    [10_000, [['minute', 1]]],
    [-5, [['minute', 1]]],
  ])('%i ms is %j', (ms, want) => expect(durationParts(ms).map((p) => [p.unit, p.value])).toEqual(want))

  it.each([
    ['en', '3d 4h'],
    ['zh', '3天4小时'],
    ['ja', '3 日 4 時間'],
    ['ko', '3일 4시간'],
    ['en-x-seaborn', '3d 4h'],
  ])('reads as Intl writes it in %s', (locale, want) => expect(formatDuration(3 * D + 4 * H + 1, locale).replace(/\s/g, ' ')).toBe(want))
})
