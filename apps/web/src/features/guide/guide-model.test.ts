import type { EfficiencyResponse, Existence, Stage, Zone } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { buildItem, buildStage, buildZone, everywhere, i18n } from '../../testing/builders'
import {
  buildStageRows,
  closeTimeOf,
  DEFAULT_STAGE_SORT,
  efficiencyExportUrl,
  filterStageRows,
  formatInterval,
  guideItems,
  nextStageSort,
  rankStagesForItem,
  sanityDigits,
  sortStageRows,
  topStages,
  valueOfItem,
  zoneGroupOf,
  type GuideStageRow,
} from './guide-model'

type WireStage = EfficiencyResponse['stages'][number]
type WireDrop = WireStage['drops'][number]

const open: Existence = everywhere
const closing = (closeTime: number): Existence => ({ ...open, CN: { exist: true, openTime: 0, closeTime } })

const drop = (itemId: string, sanityPerItem: number, wide = false, hi: number | null = sanityPerItem * 1.01): WireDrop => ({
  itemId,
  perRun: 1 / sanityPerItem,
  times: 1000,
  sanityPerItem,
  interval: [sanityPerItem * 0.99, hi],
  wide,
})
const wire = (stageId: string, efficiency: number, drops: WireDrop[], extra: Partial<WireStage> = {}): WireStage => ({
  stageId,
  apCost: 18,
  efficiency,
  interval: [efficiency - 0.01, efficiency + 0.01],
  parts: { material: efficiency - 0.05, lmd: 0.04, exp: 0.01 },
  used: efficiency === 1,
  wide: false,
  drops,
  ...extra,
})
const stage = (stageId: string, zoneId: string, code: string, existence = open): Stage =>
  buildStage(stageId, { zoneId, code, code_i18n: { ...i18n(code), ko: `${code}-ko` }, existence })
const zone = (zoneId: string, type: string, existence = open): Zone =>
  buildZone(zoneId, { type, zoneName_i18n: { ...i18n(zoneId), zh: `${zoneId}-zh`, en: `${zoneId}-en` }, existence })

const catalog = {
  stagesById: new Map([
    ['main_01-07', stage('main_01-07', 'main_1', '1-7')],
    ['main_10-10', stage('main_10-10', 'main_10', '10-10')],
    ['main_02-05', stage('main_02-05', 'main_2', '2-5')],
    ['act_01', stage('act_01', 'act_zone', 'EV-1', closing(2_000))],
    ['wk_1', stage('wk_1', 'weekly_1', 'LS-5')],
  ]),
  zonesById: new Map([
    ['main_1', zone('main_1', 'MAINLINE')],
    ['main_2', zone('main_2', 'MAINLINE')],
    ['main_10', zone('main_10', 'MAINLINE')],
    ['act_zone', zone('act_zone', 'ACTIVITY', closing(3_000))],
    ['weekly_1', zone('weekly_1', 'WEEKLY')],
  ]),
}

const response = {
  stages: [
    wire('main_01-07', 1, [drop('30012', 4.82), drop('2001', 7.3)]),
    wire('main_10-10', 0.95, [drop('30012', 40)]),
    wire('main_02-05', 0.9, [drop('30012', 3.5, true, null)], { wide: true }),
    wire('act_01', 0.98, [drop('30012', 6.6)]),
    wire('wk_1', 1, [drop('2001', 2)]),
    wire('unknown_stage', 0.5, []),
  ],
  values: [
    { itemId: '30012', value: 3.348 },
    { itemId: '2001', value: 0.689 },
    { itemId: 'recruit_tag_senior_operator', value: 62680 },
    { itemId: '3211', value: 0 },
  ],
}
const rows = buildStageRows(response, catalog, 'CN', 'en')
const row = (id: string) => rows.find((r) => r.stageId === id)!

describe('buildStageRows', () => {
  it('joins the answer with the catalog: code and zone in the UI language, zone group, closing time', () => {
    expect(row('main_01-07')).toMatchObject({ code: '1-7', zoneName: 'main_1-en', zoneId: 'main_1', zoneGroup: 'MAINLINE', closeTime: null, used: true })
    expect(buildStageRows(response, catalog, 'CN', 'ko').find((r) => r.stageId === 'main_01-07')).toMatchObject({ code: '1-7-ko', zoneName: 'main_1' })
    expect(row('act_01')).toMatchObject({ zoneGroup: 'ACTIVITY', closeTime: 2_000 })
    expect(row('wk_1').zoneGroup).toBe('WEEKLY')
  })

  it('keeps a stage the catalog does not know, under its id and without a link', () => {
    expect(row('unknown_stage')).toMatchObject({ code: 'unknown_stage', zoneName: null, zoneId: null, zoneGroup: 'OTHER', closeTime: null })
  })
})

describe('closeTimeOf', () => {
  it.each([
    ['a stage with its own closing time', stage('s', 'z', 'S', closing(10)), zone('z', 'ACTIVITY', closing(20)), 10],
    ['an event stage closing with its zone', stage('s', 'z', 'S'), zone('z', 'ACTIVITY', closing(20)), 20],
    ['a main story stage', stage('s', 'z', 'S'), zone('z', 'MAINLINE'), null],
    ['a permanent side story', stage('s', 'z', 'S'), zone('z', 'ACTIVITY_PERMANENT'), null],
    ['an unknown stage', undefined, undefined, null],
  ] as const)('%s', (_name, s, z, want) => expect(closeTimeOf(s, z, 'CN')).toBe(want))

  it('reads the chosen server only', () => expect(closeTimeOf(stage('s', 'z', 'S', closing(10)), zone('z', 'ACTIVITY'), 'US')).toBeNull())
})

describe('zoneGroupOf', () => {
  it.each([
    ['MAINLINE', 'MAINLINE'],
    ['ACTIVITY', 'ACTIVITY'],
    ['ACTIVITY_PERMANENT', 'ACTIVITY_PERMANENT'],
    ['WEEKLY', 'WEEKLY'],
    ['GACHABOX', 'OTHER'],
    ['RECRUIT', 'OTHER'],
  ])('%s is %s', (type, want) => expect(zoneGroupOf({ type })).toBe(want))
})

describe('rankStagesForItem', () => {
  const ids = (entries: { row: GuideStageRow }[]) => entries.map((e) => e.row.stageId)

  it('the stage efficiency, highest first; its own wide mark decides the rank', () => {
    const ranked = rankStagesForItem(rows, '30012')
    expect(ids(ranked)).toEqual(['main_01-07', 'act_01', 'main_10-10', 'main_02-05'])
    expect(ranked.map((e) => e.rank)).toEqual([1, 2, 3, null])
  })

  it('ties go to the lower sanity per item', () => expect(ids(rankStagesForItem(rows, '2001'))).toEqual(['wk_1', 'main_01-07']))

  it('lists nothing for an item no stage drops', () => expect(rankStagesForItem(rows, '99999')).toEqual([]))
})

describe('sorting the table', () => {
  it('defaults to efficiency, highest first, ties by code', () => {
    expect(sortStageRows(rows, DEFAULT_STAGE_SORT).map((r) => r.code)).toEqual(['1-7', 'LS-5', 'EV-1', '10-10', '2-5', 'unknown_stage'])
  })

  it('treats efficiencies equal to 6 decimals as ties (the LP gives 1 to about 1e-6)', () => {
    const a = { ...row('main_10-10'), efficiency: 1 + 4e-8 }
    const b = { ...row('main_01-07'), efficiency: 1 - 4e-8 }
    expect(sortStageRows([a, b], DEFAULT_STAGE_SORT).map((r) => r.code)).toEqual(['1-7', '10-10'])
    expect(topStages([a, b], 2).map((r) => r.code)).toEqual(['1-7', '10-10'])
  })

  it('sorts codes numerically, not as plain text', () => {
    const codes = sortStageRows(rows, { key: 'code', desc: false }).map((r) => r.code)
    expect(codes.indexOf('2-5')).toBeLessThan(codes.indexOf('10-10'))
  })

  it('sorts by a part of the efficiency', () => {
    expect(sortStageRows(rows, { key: 'material', desc: false })[0]!.stageId).toBe('unknown_stage')
  })

  it('does not change the rows it is given', () => {
    const before = rows.map((r) => r.stageId)
    sortStageRows(rows, { key: 'apCost', desc: false })
    expect(rows.map((r) => r.stageId)).toEqual(before)
  })

  it.each([
    [{ key: 'efficiency', desc: true }, 'efficiency', { key: 'efficiency', desc: false }],
    [{ key: 'efficiency', desc: false }, 'efficiency', { key: 'efficiency', desc: true }],
    [{ key: 'efficiency', desc: true }, 'apCost', { key: 'apCost', desc: true }],
    [{ key: 'efficiency', desc: true }, 'code', { key: 'code', desc: false }],
  ] as const)('nextStageSort(%o, %s) is %o', (sort, key, want) => expect(nextStageSort(sort, key)).toEqual(want))
})

describe('filterStageRows', () => {
  it.each([
    [{ group: 'ALL', query: '' }, 6],
    [{ group: 'MAINLINE', query: '' }, 3],
    [{ group: 'ACTIVITY', query: '' }, 1],
    [{ group: 'ALL', query: ' 1-7 ' }, 1],
    [{ group: 'ALL', query: 'ls' }, 1],
    [{ group: 'WEEKLY', query: '1-7' }, 0],
  ] as const)('%o keeps %i', (filter, n) => expect(filterStageRows(rows, filter)).toHaveLength(n))

  it('matches the stage id too', () => expect(filterStageRows(rows, { group: 'ALL', query: 'main_10' }).map((r) => r.code)).toEqual(['10-10']))
})

describe('topStages', () => {
  it('takes the most efficient, ties by the surer interval', () => {
    const sure = { ...row('wk_1'), interval: [0.999, 1.001] as [number, number] }
    expect(topStages([row('main_01-07'), sure, row('act_01')], 2).map((r) => r.stageId)).toEqual(['wk_1', 'main_01-07'])
  })
})

describe('guideItems and valueOfItem', () => {
  const item = (itemId: string, itemType: string, sortId: number) => buildItem(itemId, { itemType, sortId })
  const items = [
    item('30012', 'MATERIAL', 2),
    item('2001', 'CARD_EXP', 1),
    item('recruit_tag_senior_operator', 'RECRUIT_TAG', 3),
    item('3211', 'CHIP', 4),
    item('30013', 'MATERIAL', 5),
  ]

  it('offers farmable items with a value that some stage drops, in the game order', () => {
    const withTags = { ...response, stages: [...response.stages, wire('recruit', 1, [drop('recruit_tag_senior_operator', 100), drop('3211', 9)])] }
    expect(guideItems(withTags, items).map((i) => i.itemId)).toEqual(['2001', '30012'])
  })

  it.each([
    ['30012', 3.348],
    ['3211', null],
    ['nope', null],
  ])('the value of %s is %s', (id, want) => expect(valueOfItem(response, id)).toBe(want))
})

describe('formatting', () => {
  it.each([
    [0.98712, [0.96234, 1.01178], 'en', 3, '0.987 (0.962–1.012)'],
    [4.8189, [4.8188, 4.8194], 'en', 2, '4.82 (4.82–4.82)'],
    [7656, [3590.9, null], 'en', 0, '7,656 (3,591–∞)'],
    [1, [0.994, 1.006], 'zh', 3, '1.000 (0.994–1.006)'],
  ] as const)('formatInterval(%d, %o, %s, %i) is %s', (v, interval, lang, digits, want) => expect(formatInterval(v, interval, lang, digits)).toBe(want))

  it.each([
    [4.82, 2],
    [99.9, 2],
    [100, 1],
    [7656, 0],
  ])('sanityDigits(%d) is %i', (v, want) => expect(sanityDigits(v)).toBe(want))

  it('builds the export address with the options that differ from the defaults', () => {
    expect(efficiencyExportUrl('/PenguinStats/api/v2/', { server: 'JP', lmd: true, exp: true, format: 'csv' })).toBe(
      '/PenguinStats/api/v2/export/efficiency?server=JP&format=csv',
    )
    expect(efficiencyExportUrl('/api/v2', { server: 'CN', lmd: false, exp: false, format: 'json' })).toBe(
      '/api/v2/export/efficiency?server=CN&format=json&lmd=false&exp=false',
    )
  })
})
