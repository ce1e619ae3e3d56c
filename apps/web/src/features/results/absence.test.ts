import type { Existence, Item, Stage, Zone } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { itemPresence, stagePresence } from './absence'

const NOW = Date.UTC(2026, 0, 1)
const DAY = 86_400_000
const on = (...servers: string[]): Existence => Object.fromEntries(['CN', 'US', 'JP', 'KR'].map((s) => [s, { exist: servers.includes(s) }])) as unknown as Existence
const stage = (stageId: string, zoneId: string, code: string, existence: Existence): Stage =>
  ({ stageId, zoneId, code, code_i18n: { zh: code, en: code, ja: code, ko: code }, stageType: 'ACTIVITY', apCost: 12, existence, minClearTime: null }) as Stage
const zone = (zoneId: string, existence: Existence): Zone => ({ zoneId, existence }) as Zone

const perm = stage('act18side_03_perm', 'permanent_sidestory_14_zone1', 'LE-3', on('CN'))
const event = stage('act18side_03', 'act18side_zone1', 'LE-3', on('CN', 'US', 'JP', 'KR'))
const rerun = stage('act18side_03_rep', 'act18sre_zone1', 'LE-3', on('CN', 'US', 'JP', 'KR'))
const other = stage('act18side_04', 'act18side_zone1', 'LE-4', on('CN', 'US', 'JP', 'KR'))
const main16 = stage('main_16-01', 'main_16', '16-1', on('CN', 'US'))
const zones = new Map(
  [
    zone('permanent_sidestory_14_zone1', on('CN')),
    zone('act18side_zone1', on('CN', 'US', 'JP', 'KR')),
    // The rerun is on now on US: it comes first.
    {
      ...zone('act18sre_zone1', on('CN', 'US', 'JP', 'KR')),
      existence: { ...on('CN', 'US', 'JP', 'KR'), US: { exist: true, openTime: NOW - DAY, closeTime: NOW + DAY } },
    },
    {
      ...zone('act18side_zone1', on('CN', 'US', 'JP', 'KR')),
      existence: { ...on('CN', 'US', 'JP', 'KR'), US: { exist: true, openTime: NOW - 9 * DAY, closeTime: NOW - 8 * DAY } },
    },
    // A whole zone on CN only, though its stage's own flags say US too.
    zone('main_16', on('CN')),
  ].map((z) => [z.zoneId, z]),
)
const all = [perm, event, rerun, other, main16]

describe('stage presence', () => {
  it('waits for the lists, then tells a mistyped id from a present stage', () => {
    expect(stagePresence(undefined, false, 'US', all, zones, NOW)).toEqual({ kind: 'loading' })
    expect(stagePresence(undefined, true, 'US', all, zones, NOW)).toEqual({ kind: 'unknown' })
    expect(stagePresence(event, true, 'US', all, zones, NOW)).toEqual({ kind: 'present' })
  })

  it('offers the stages of the same code this server has, open now first, and the servers where it exists', () => {
    expect(stagePresence(perm, true, 'US', all, zones, NOW)).toEqual({ kind: 'absent', servers: ['CN'], sameCode: [rerun, event] })
  })

  it('counts a stage whose zone is not on the server as absent', () => {
    expect(stagePresence(main16, true, 'US', all, zones, NOW)).toEqual({ kind: 'absent', servers: ['CN'], sameCode: [] })
    expect(stagePresence(main16, true, 'CN', all, zones, NOW)).toEqual({ kind: 'present' })
  })
})

describe('item presence', () => {
  const gas = { itemId: '31103', existence: on('CN') } as Item
  it.each([
    [undefined, false, { kind: 'loading' }],
    [undefined, true, { kind: 'unknown' }],
    [gas, true, { kind: 'absent', servers: ['CN'], sameCode: [] }],
  ] as const)('%#', (item, ready, want) => expect(itemPresence(item, ready, 'US')).toEqual(want))
  it('is present where it exists', () => expect(itemPresence(gas, true, 'CN')).toEqual({ kind: 'present' }))
})
