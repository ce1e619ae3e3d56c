import { describe, expect, it } from 'vitest'
import { existsOn, isZoneOutdated, reportClosedReason, zoneTimeValid, type StatusStage, type StatusZone } from './stage-status'

const DAY = 86_400_000
const NOW = 1_700_000_000_000
const everywhere = { CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } }

const mainZone: StatusZone = { zoneId: 'main_1', type: 'MAINLINE', existence: everywhere }
const stage = (over: Partial<StatusStage> = {}): StatusStage => ({
  stageId: 'main_01-07',
  zoneId: 'main_1',
  existence: everywhere,
  dropInfos: [{ dropType: 'NORMAL_DROP' }],
  ...over,
})
const event = (openTime: number | undefined, closeTime: number | undefined, type = 'ACTIVITY'): StatusZone => ({
  zoneId: 'act1',
  type,
  existence: { ...everywhere, CN: { exist: true, ...(openTime === undefined ? {} : { openTime }), ...(closeTime === undefined ? {} : { closeTime }) } },
})

describe('existsOn', () => {
  it('treats a missing server entry as existing and reads exist otherwise', () => {
    expect(existsOn({ existence: {} }, 'CN')).toBe(true)
    expect(existsOn({ existence: { CN: { exist: false } } }, 'CN')).toBe(false)
    expect(existsOn({ existence: { CN: { exist: false } } }, 'US')).toBe(true)
  })
  it('checks the period only when a time is given', () => {
    const o = { existence: { CN: { exist: true, openTime: NOW + DAY } } }
    expect(existsOn(o, 'CN')).toBe(true)
    expect(existsOn(o, 'CN', NOW)).toBe(false)
    expect(existsOn({ existence: { CN: { exist: true, closeTime: NOW - 1 } } }, 'CN', NOW)).toBe(false)
    expect(existsOn({ existence: { CN: { exist: true, openTime: NOW - DAY, closeTime: NOW + DAY } } }, 'CN', NOW)).toBe(true)
  })
})

describe('zone periods', () => {
  it('classifies activity zones as upcoming, open, closed or permanent', () => {
    expect(zoneTimeValid(event(NOW + DAY, NOW + 2 * DAY), 'CN', NOW)).toBe(-1)
    expect(zoneTimeValid(event(NOW - DAY, NOW + DAY), 'CN', NOW)).toBe(0)
    expect(zoneTimeValid(event(NOW - 2 * DAY, NOW - DAY), 'CN', NOW)).toBe(1)
    expect(zoneTimeValid(event(undefined, undefined), 'CN', NOW)).toBeNull()
  })
  it('only ACTIVITY zones outside their period are outdated', () => {
    expect(isZoneOutdated(event(NOW - 2 * DAY, NOW - DAY), 'CN', NOW)).toBe(true)
    expect(isZoneOutdated(event(NOW + DAY, undefined), 'CN', NOW)).toBe(true)
    expect(isZoneOutdated(event(NOW - DAY, NOW + DAY), 'CN', NOW)).toBe(false)
    expect(isZoneOutdated(event(undefined, undefined), 'CN', NOW)).toBe(false)
    expect(isZoneOutdated(event(NOW - 2 * DAY, NOW - DAY, 'ACTIVITY_PERMANENT'), 'CN', NOW)).toBe(false)
    // Another server's period does not matter.
    expect(isZoneOutdated(event(NOW - 2 * DAY, NOW - DAY), 'US', NOW)).toBe(false)
  })
})

describe('reportClosedReason', () => {
  it('accepts an open stage with drop infos', () => {
    expect(reportClosedReason(mainZone, stage(), 'CN', NOW)).toBeNull()
    expect(reportClosedReason(event(NOW - DAY, NOW + DAY), stage({ zoneId: 'act1' }), 'CN', NOW)).toBeNull()
  })
  it('NOT_FOUND: zone or stage missing, absent on the server, or the stage belongs to another zone', () => {
    expect(reportClosedReason(undefined, stage(), 'CN', NOW)).toBe('NOT_FOUND')
    expect(reportClosedReason(mainZone, undefined, 'CN', NOW)).toBe('NOT_FOUND')
    expect(reportClosedReason({ ...mainZone, existence: { ...everywhere, US: { exist: false } } }, stage(), 'US', NOW)).toBe('NOT_FOUND')
    expect(reportClosedReason(mainZone, stage({ existence: { ...everywhere, JP: { exist: false } } }), 'JP', NOW)).toBe('NOT_FOUND')
    expect(reportClosedReason(mainZone, stage({ zoneId: 'main_2' }), 'CN', NOW)).toBe('NOT_FOUND')
  })
  it('EXPIRED: the event zone is closed or not open yet, before the stage is looked at', () => {
    expect(reportClosedReason(event(NOW - 2 * DAY, NOW - DAY), stage({ zoneId: 'act1', dropInfos: undefined }), 'CN', NOW)).toBe('EXPIRED')
    expect(reportClosedReason(event(NOW + DAY, NOW + 2 * DAY), undefined, 'CN', NOW)).toBe('EXPIRED')
  })
  it('INVALID: no drop metadata', () => {
    expect(reportClosedReason(mainZone, stage({ dropInfos: undefined }), 'CN', NOW)).toBe('INVALID')
    expect(reportClosedReason(mainZone, stage({ dropInfos: [] }), 'CN', NOW)).toBe('INVALID')
  })
})
