import type { Existence, Item, MatrixElement, Stage, Zone } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { buildItem, buildMatrixElement, buildStage, buildZone } from '../../testing/builders'
import {
  DEFAULT_FILTERS,
  DEFAULT_SORT,
  RATE_SORT,
  bestFirst,
  activeFilterCount,
  buildRow,
  deriveApPPR,
  deriveItemPerTime,
  derivePercentage,
  effectiveOnlyCurrent,
  filterRows,
  groupItems,
  nextSort,
  pageCount,
  pageOf,
  percentText,
  previewRows,
  rowsFor,
  setFilter,
  showFooter,
  sortRows,
  splitDuration,
  timeRangeOf,
  type Lookups,
} from './table-logic'

const NOW = Date.UTC(2024, 5, 1)
const DAY = 86_400_000
const ex = (over: Partial<Existence['CN']> = {}): Existence => ({ CN: { exist: true, ...over }, US: { exist: false }, JP: { exist: true }, KR: { exist: true } })
const stage = (stageId: string, stageType: Stage['stageType'], over: Partial<Stage> = {}): Stage =>
  buildStage(stageId, { zoneId: 'z', stageType, existence: ex(), minClearTime: 120_000, ...over })
const item = (itemId: string, itemType: string, sortId: number, groupID: string | null = null): Item => buildItem(itemId, { existence: ex(), itemType, sortId, groupID })
const el = (stageId: string, itemId: string, quantity: number, times: number, end: number | null = null): MatrixElement =>
  buildMatrixElement(stageId, itemId, { quantity, times, start: NOW - 100 * DAY, end })
const stages = [
  stage('main', 'MAIN'),
  stage('act', 'ACTIVITY'),
  stage('daily', 'DAILY'),
  stage('closed', 'ACTIVITY', { existence: ex({ closeTime: NOW - DAY }) }),
  stage('unknown-cost', 'MAIN', { apCost: 99, minClearTime: null }),
]
const look: Lookups = {
  stagesById: new Map(stages.map((s) => [s.stageId, s])),
  zonesById: new Map<string, Zone>(),
  itemsById: new Map([['30012', item('30012', 'MATERIAL', 1)]]),
}

describe('derived values', () => {
  it('rounds percentage to 5 decimals, apPPR and itemPerTime to 2', () => {
    expect(derivePercentage(1, 3)).toBe(0.33333)
    expect(percentText(0.33333)).toBe('33.33%')
    expect(deriveApPPR(18, 0.33333)).toBe(54.0)
    expect(deriveApPPR(18, 0.12345)).toBe(145.81)
    expect(deriveItemPerTime(120_000, 0.12345)).toBe(972053.46)
    expect(derivePercentage(5, 0)).toBe(0)
  })

  it('a zero rate or an unknown cost has no sanity per item', () => {
    expect(deriveApPPR(18, 0)).toBeNull()
    expect(deriveApPPR(99, 0.5)).toBeNull()
    expect(deriveApPPR(null, 0.5)).toBeNull()
    expect(deriveItemPerTime(null, 0.5)).toBeNull()
    const row = buildRow(el('unknown-cost', '30012', 1, 2), look)
    expect([row.apCost, row.apPPR, row.itemPerTime]).toEqual([null, null, null])
  })

  it('adds a 95 % Wilson interval and the low-sample flag', () => {
    const row = buildRow(el('main', '30012', 50, 100), look)
    expect(row.ci?.lower).toBeCloseTo(0.4038, 3)
    expect(row.ci?.upper).toBeCloseTo(0.5962, 3)
    expect(row.lowSample).toBe(true)
    expect(buildRow(el('main', '30012', 50, 200), look).lowSample).toBe(false)
  })
})

describe('rows', () => {
  it("are equal whether built from a server-rendered page's part of the lists or from the whole lists", () => {
    // An item page's seeds: its rows' stages without drop tables, their zones with only those stages.
    const drops = [{ itemId: '30012', dropType: 'NORMAL_DROP' as const, bounds: { lower: 0, upper: 3 } }]
    const whole: Lookups = {
      stagesById: new Map([['main_01-07', buildStage('main_01-07', { dropInfos: drops })]]),
      zonesById: new Map([['main_1', buildZone('main_1', { stages: ['main_01-01', 'main_01-07', 'main_01-08'] })]]),
      itemsById: new Map([['30012', buildItem('30012')]]),
    }
    const part: Lookups = {
      stagesById: new Map([['main_01-07', buildStage('main_01-07')]]),
      zonesById: new Map([['main_1', buildZone('main_1', { stages: ['main_01-07'] })]]),
      itemsById: new Map([['30012', buildItem('30012')]]),
    }
    const matrix = [buildMatrixElement('main_01-07', '30012', { quantity: 30, times: 100 })]
    const rows = rowsFor(matrix, 'item', '30012', whole)
    expect(rows).toEqual(rowsFor(matrix, 'item', '30012', part))
    expect(rows[0]?.stage?.stageId).toBe('main_01-07')
    expect(rows[0]?.zone?.zoneName).toBe('main_1')
  })
})

describe('filters', () => {
  const matrix = [el('main', '30012', 1, 10), el('act', '30012', 1, 10), el('daily', '30012', 1, 10), el('closed', '30012', 1, 10), el('main', '30013', 1, 10, NOW - DAY)]
  const itemRows = rowsFor(matrix, 'item', '30012', look)
  const ids = (rows: { stageId: string }[]) => rows.map((r) => r.stageId)
  const ctx = { server: 'CN' as const, now: NOW, stageValid: true }

  it('item mode: only stages open now by default; type switches and onlyOpen', () => {
    expect(DEFAULT_FILTERS.onlyOpen).toBe(true)
    expect(ids(filterRows(itemRows, 'item', DEFAULT_FILTERS, ctx))).toEqual(['main', 'act', 'daily'])
    const all = { ...DEFAULT_FILTERS, onlyOpen: false }
    expect(ids(filterRows(itemRows, 'item', all, ctx))).toEqual(['main', 'act', 'daily', 'closed'])
    expect(ids(filterRows(itemRows, 'item', { ...all, showPermanent: false }, ctx))).toEqual(['act', 'closed'])
    expect(ids(filterRows(itemRows, 'item', { ...all, showActivity: false }, ctx))).toEqual(['main', 'daily'])
  })

  it('stage mode: onlyCurrent (on by default) keeps open periods, and is forced off for an invalid stage', () => {
    const stageRows = rowsFor(matrix, 'stage', 'main', look)
    expect(stageRows.map((r) => r.itemId)).toEqual(['30012', '30013'])
    expect(filterRows(stageRows, 'stage', { ...DEFAULT_FILTERS, onlyCurrent: false }, ctx)).toHaveLength(2)
    const f = DEFAULT_FILTERS
    expect(filterRows(stageRows, 'stage', f, ctx).map((r) => r.itemId)).toEqual(['30012'])
    expect(filterRows(stageRows, 'stage', f, { ...ctx, stageValid: false })).toHaveLength(2)
    expect(effectiveOnlyCurrent(f, false)).toBe(false)
  })

  it('setting onlyCurrent keeps the item-mode filters (no public-client wipe)', () => {
    const f = setFilter({ ...DEFAULT_FILTERS, showActivity: false, onlyOpen: false }, 'onlyCurrent', false)
    expect(f).toEqual({ showPermanent: true, showActivity: false, onlyOpen: false, onlyCurrent: false })
    expect(activeFilterCount(f)).toBe(1)
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0)
  })
})

describe('sorting and pagination', () => {
  const rows = [el('main', 'a', 1, 10), el('main', 'b', 5, 10), el('main', 'c', 0, 10), el('unknown-cost', 'd', 3, 10)].map((m) => buildRow(m, look))
  it('defaults to fewest sanity per item first; nulls last both ways; headers toggle', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'apPPR', desc: false })
    expect(sortRows(rows, DEFAULT_SORT).map((r) => r.itemId)).toEqual(['b', 'a', 'c', 'd'])
    expect(sortRows(rows, RATE_SORT).map((r) => r.itemId)).toEqual(['b', 'd', 'a', 'c'])
    expect(sortRows(rows, { key: 'apPPR', desc: true }).map((r) => r.itemId)).toEqual(['a', 'b', 'c', 'd'])
    expect(nextSort(DEFAULT_SORT, 'apPPR')).toEqual({ key: 'apPPR', desc: true })
    expect(nextSort(RATE_SORT, 'percentage')).toEqual({ key: 'percentage', desc: false })
  })

  // Best first on the first click: more is better for drops, runs and rate; less for sanity, cost and time.
  it.each([
    ['quantity', true],
    ['times', true],
    ['percentage', true],
    ['apPPR', false],
    ['apCost', false],
    ['minClearTime', false],
    ['itemPerTime', false],
  ] as const)('the first click on %s sorts best first (descending: %s)', (key, desc) => {
    const from = key === 'times' ? RATE_SORT : { key: 'times' as const, desc: true }
    expect(nextSort(from, key)).toEqual({ key, desc })
    expect(bestFirst(key)).toEqual({ key, desc })
  })

  it('pages of 10/20/40/all; footer only above 10 rows', () => {
    const list = Array.from({ length: 45 }, (_, i) => i)
    expect(pageCount(45, 10)).toBe(5)
    expect(pageOf(list, 5, 10)).toEqual([40, 41, 42, 43, 44])
    expect(pageOf(list, 9, 40)).toEqual([40, 41, 42, 43, 44])
    expect(pageOf(list, 1, -1)).toHaveLength(45)
    expect(pageCount(0, 10)).toBe(1)
    expect(showFooter(10)).toBe(false)
    expect(showFooter(11)).toBe(true)
  })
})

describe('time range, durations, preview, item groups', () => {
  it('time range kinds', () => {
    expect(timeRangeOf(1, 2)).toEqual({ kind: 'inBetween', start: 1, end: 2 })
    expect(timeRangeOf(1, null)).toEqual({ kind: 'toPresent', start: 1 })
    expect(timeRangeOf(null, 2)).toEqual({ kind: 'endsAt', end: 2 })
    expect(timeRangeOf(null, null)).toEqual({ kind: 'unknown' })
  })

  it('durations in minutes and seconds', () => {
    expect(splitDuration(133_500, 1)).toEqual({ minutes: 2, seconds: 13.5 })
    expect(splitDuration(3_600_000 + 5_000, 0)).toEqual({ minutes: 60, seconds: 5 })
    expect(splitDuration(119_999, 0)).toEqual({ minutes: 2, seconds: 0 })
  })

  it('preview: over 100 runs, open stages, by percentage, limited with a remainder', () => {
    const rows = [el('main', 'x', 10, 101), el('act', 'x', 90, 101), el('daily', 'x', 50, 100), el('closed', 'x', 99, 101), el('main', 'x', 80, 200, NOW - DAY)].map(
      (m) => buildRow(m, look),
    )
    const p = previewRows(rows, 'CN', NOW, 1)
    expect(p.rows.map((r) => r.stageId)).toEqual(['act'])
    expect(p.more).toBe(1)
  })

  it('item groups in order, 3003 last in its group', () => {
    const groups = groupItems([item('3003', 'MATERIAL', 1), item('30012', 'MATERIAL', 5), item('2001', 'CARD_EXP', 2), item('tag', 'RECRUIT_TAG', 0)], 'CN')
    expect(groups.map((g) => [g.type, g.items.map((i) => i.itemId)])).toEqual([
      ['MATERIAL', ['30012', '3003']],
      ['CARD_EXP', ['2001']],
    ])
  })
})
