import type { Existence, Stage, Zone } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { existsOn, groupZones, isStageValid, neighbourStages, pushHistory, toggleIn, zoneCategory } from './zones'

const NOW = Date.UTC(2024, 5, 1)
const DAY = 86_400_000
const ex = (cn: Existence['CN']): Existence => ({ CN: cn, US: { exist: false }, JP: { exist: true }, KR: { exist: true } })
const zone = (zoneId: string, type: string, over: Partial<Zone> = {}): Zone => ({
  zoneId,
  zoneIndex: 0,
  type,
  subType: null,
  zoneName: zoneId,
  zoneName_i18n: { zh: zoneId, en: zoneId, ja: zoneId, ko: zoneId },
  existence: ex({ exist: true }),
  background: null,
  stages: [`${zoneId}-1`],
  ...over,
})
const stage = (stageId: string, zoneId: string, over: Partial<Stage> = {}): Stage => ({
  stageId,
  zoneId,
  stageType: 'MAIN',
  code: stageId,
  code_i18n: { zh: stageId, en: stageId, ja: stageId, ko: stageId },
  apCost: 6,
  existence: ex({ exist: true }),
  minClearTime: 60_000,
  dropInfos: [{ dropType: 'NORMAL_DROP', bounds: { lower: 1, upper: 3 } }],
  ...over,
})

describe('existence and categories', () => {
  it('missing data exists; time bounds apply only with now', () => {
    expect(existsOn({}, 'CN', NOW)).toBe(true)
    const closed = { existence: ex({ exist: true, openTime: NOW - 2 * DAY, closeTime: NOW - DAY }) }
    expect(existsOn(closed, 'CN')).toBe(true)
    expect(existsOn(closed, 'CN', NOW)).toBe(false)
    expect(existsOn(closed, 'US')).toBe(false)
  })

  it('activity zones are open, pending or closed by their times; no times is open', () => {
    const act = (open?: number, close?: number) =>
      zone('a', 'ACTIVITY', { existence: ex({ exist: true, ...(open !== undefined && { openTime: open }), ...(close !== undefined && { closeTime: close }) }) })
    expect(zoneCategory(act(NOW - DAY, NOW + DAY), 'CN', NOW)).toBe('ACTIVITY_OPEN')
    expect(zoneCategory(act(NOW + DAY, NOW + 2 * DAY), 'CN', NOW)).toBe('ACTIVITY_PENDING')
    expect(zoneCategory(act(NOW - 2 * DAY, NOW - DAY), 'CN', NOW)).toBe('ACTIVITY_CLOSED')
    expect(zoneCategory(act(), 'CN', NOW)).toBe('ACTIVITY_OPEN')
    expect(zoneCategory(zone('w', 'WEEKLY'), 'CN', NOW)).toBe('WEEKLY')
    expect(zoneCategory(zone('x', 'SOMETHING_NEW'), 'CN', NOW)).toBeNull()
  })
})

describe('groupZones', () => {
  const zones = [
    zone('weekly_1', 'WEEKLY'),
    zone('main_1', 'MAINLINE', { subType: 'AWAKENING_HOUR', zoneIndex: 1 }),
    zone('main_0', 'MAINLINE', { subType: 'AWAKENING_HOUR', zoneIndex: 0 }),
    zone('main_9', 'MAINLINE', { subType: 'DYING_SUN', zoneIndex: 9 }),
    zone('main_10_tough', 'MAINLINE', { subType: 'DYING_SUN', zoneIndex: 11 }),
    zone('old2019', 'ACTIVITY', { existence: ex({ exist: true, openTime: Date.UTC(2019, 5, 1), closeTime: Date.UTC(2019, 5, 10) }) }),
    zone('old2020', 'ACTIVITY', { existence: ex({ exist: true, openTime: Date.UTC(2020, 5, 1), closeTime: Date.UTC(2020, 5, 10) }) }),
    zone('recruit', 'RECRUIT'),
    zone('gachabox', 'GACHABOX'),
    zone('empty', 'WEEKLY', { stages: [] }),
    zone('usonly', 'WEEKLY', { existence: { CN: { exist: false }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } } }),
  ]
  const stages = new Map(zones.flatMap((z) => z.stages.map((id) => [id, stage(id, z.zoneId)] as const)))

  it('orders categories as the spec lists them, drops empty and non-existing zones', () => {
    const groups = groupZones(zones, stages, 'CN', NOW, { hideClosed: false })
    expect(groups.map((g) => g.category)).toEqual(['MAINLINE', 'GACHABOX', 'RECRUIT', 'ACTIVITY_CLOSED', 'WEEKLY'])
    expect(groups.find((g) => g.category === 'WEEKLY')?.tabs[0]?.zones.map((z) => z.zoneId)).toEqual(['weekly_1'])
  })

  it('mainline tabs by sub-type with episode ranges, closed events by year', () => {
    const groups = groupZones(zones, stages, 'CN', NOW, { hideClosed: false })
    const main = groups.find((g) => g.category === 'MAINLINE')!
    expect(main.tabs.map((t) => [t.key, t.episodes])).toEqual([
      ['AWAKENING_HOUR', { from: 0, to: 1 }],
      ['DYING_SUN', { from: 9, to: 10 }],
    ])
    expect(main.tabs[0]!.zones.map((z) => z.zoneId)).toEqual(['main_0', 'main_1'])
    const closed = groups.find((g) => g.category === 'ACTIVITY_CLOSED')!
    expect(closed.tabs.map((t) => t.key)).toEqual(['2019', '2020'])
  })

  it('hides closed events and recruitment when closed stages are hidden', () => {
    const groups = groupZones(zones, stages, 'CN', NOW, { hideClosed: true })
    expect(groups.map((g) => g.category)).toEqual(['MAINLINE', 'GACHABOX', 'WEEKLY'])
  })
})

describe('stages', () => {
  const z = zone('main_1', 'MAINLINE', { stages: ['s1', 's2', 'gone', 's3'] })
  const stages = new Map([
    ['s1', stage('s1', 'main_1')],
    ['s2', stage('s2', 'main_1')],
    ['gone', stage('gone', 'main_1', { existence: ex({ exist: false }) })],
    ['s3', stage('s3', 'main_1')],
  ])
  it('neighbours skip stages that do not exist on the server', () => {
    expect(neighbourStages(z, 's2', stages, 'CN')).toMatchObject({ prev: { stageId: 's1' }, next: { stageId: 's3' } })
    expect(neighbourStages(z, 's1', stages, 'CN').prev).toBeNull()
    expect(neighbourStages(z, 's3', stages, 'CN').next).toBeNull()
    expect(neighbourStages(undefined, 's1', stages, 'CN')).toEqual({ prev: null, next: null })
  })

  it('a valid stage needs an open zone, drop infos and existence now', () => {
    expect(isStageValid(stages.get('s1'), z, 'CN', NOW)).toBe(true)
    const { dropInfos: _omit, ...noDrops } = stage('s1', 'main_1')
    expect(isStageValid(noDrops, z, 'CN', NOW)).toBe(false)
    const closedZone = zone('a', 'ACTIVITY', { existence: ex({ exist: true, openTime: NOW - 2 * DAY, closeTime: NOW - DAY }) })
    expect(isStageValid(stages.get('s1'), closedZone, 'CN', NOW)).toBe(false)
    expect(isStageValid(stage('s9', 'main_1', { existence: ex({ exist: true, openTime: NOW + DAY }) }), z, 'CN', NOW)).toBe(false)
  })

  it('history moves to front without duplicates and keeps 30; favourites toggle', () => {
    let h: string[] = []
    for (let i = 0; i < 35; i++) h = pushHistory(h, `s${i}`)
    expect(h).toHaveLength(30)
    expect(h[0]).toBe('s34')
    h = pushHistory(h, 's20')
    expect(h[0]).toBe('s20')
    expect(h.filter((x) => x === 's20')).toHaveLength(1)
    expect(toggleIn(toggleIn([], 'a'), 'a')).toEqual([])
    expect(toggleIn(['b'], 'a')).toEqual(['b', 'a'])
  })
})
