import { AdvancedQueryRequestSchema, SERVER_LAUNCH_MS, type Existence, type MatrixElement } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { paths } from '../../config/paths'
import { buildMatrixElement } from '../../testing/builders'
import {
  DAY_MS,
  HOUR_MS,
  MAX_QUERIES,
  buildRequest,
  classifyError,
  copyDraft,
  draftProblem,
  fromLocalInput,
  readResults,
  newDraft,
  parsePreset,
  shapeMatrix,
  shapeTrend,
  toLocalInput,
  toProbeQueries,
  trendSections,
} from './query-model'

const T0 = Date.UTC(2026, 10, 1)
const only = (...servers: string[]): Existence => ({
  CN: { exist: servers.includes('CN') },
  US: { exist: servers.includes('US') },
  JP: { exist: servers.includes('JP') },
  KR: { exist: servers.includes('KR') },
})

describe('request building', () => {
  it('sends a matrix query without interval and a trend query with it, in order', () => {
    const matrix = { ...newDraft(1, 'CN', { stageId: 'main_01-07', itemIds: ['30012'] }), start: T0, end: T0 + 3 * DAY_MS }
    const trend = { ...copyDraft(matrix, 2), kind: 'trend' as const, category: 'manual' as const, server: 'US' as const, itemIds: [] }
    const body = buildRequest([matrix, trend])
    expect(body).toEqual({
      queries: [
        { stageId: 'main_01-07', itemIds: ['30012'], server: 'CN', isPersonal: false, sourceCategory: 'all', start: T0, end: T0 + 3 * DAY_MS },
        { stageId: 'main_01-07', itemIds: [], server: 'US', isPersonal: false, sourceCategory: 'manual', start: T0, end: T0 + 3 * DAY_MS, interval: DAY_MS },
      ],
    })
    expect('interval' in (body.queries[0] ?? {})).toBe(false)
    // The wire schema the server validates with accepts it.
    expect(AdvancedQueryRequestSchema.safeParse(body).success).toBe(true)
  })

  it('copies do not share the item list, and the default trend interval is one day', () => {
    const a = newDraft(1, 'JP', { stageId: 's', itemIds: ['x'] })
    const b = copyDraft(a, 2)
    b.itemIds.push('y')
    expect(a.itemIds).toEqual(['x'])
    expect([b.key, b.server, b.intervalMs, b.kind]).toEqual([2, 'JP', DAY_MS, 'matrix'])
  })

  it('refuses no query, a query without stage, and more than five', () => {
    const q = newDraft(1, 'CN', { stageId: 's' })
    expect(() => buildRequest([])).toThrow()
    expect(() => buildRequest([newDraft(1, 'CN')])).toThrow()
    expect(() => buildRequest(Array.from({ length: MAX_QUERIES + 1 }, (_, i) => copyDraft(q, i)))).toThrow()
    expect(buildRequest(Array.from({ length: MAX_QUERIES }, (_, i) => copyDraft(q, i))).queries).toHaveLength(5)
  })

  it('gives the probe 0 for missing start, end and the interval of a matrix query', () => {
    const q = { ...newDraft(1, 'KR', { stageId: 's', itemIds: ['a'] }), isPersonal: true, end: T0 }
    expect(toProbeQueries([q, { ...q, kind: 'trend' }])).toEqual([
      { stageId: 's', itemIds: ['a'], server: 'KR', isPersonal: true, start: 0, end: T0, interval: 0 },
      { stageId: 's', itemIds: ['a'], server: 'KR', isPersonal: true, start: 0, end: T0, interval: DAY_MS },
    ])
  })
})

describe('checks before sending', () => {
  const q = { ...newDraft(1, 'CN', { stageId: 'main_01-07' }), start: T0, end: T0 + 10 * DAY_MS }
  it('needs a stage, an end after the start, and a login for personal data', () => {
    expect(draftProblem({ ...q, stageId: null }, T0, true)).toEqual({ code: 'noStage' })
    expect(draftProblem({ ...q, end: T0 }, T0, true)).toEqual({ code: 'invalidRange' })
    expect(draftProblem({ ...q, end: null }, T0 - 1, true)).toEqual({ code: 'invalidRange' })
    expect(draftProblem({ ...q, isPersonal: true }, T0, false)).toEqual({ code: 'personalNeedsLogin' })
    expect(draftProblem({ ...q, isPersonal: true }, T0, true)).toBeNull()
    expect(draftProblem(q, T0, false)).toBeNull()
  })

  it('counts trend sections as the server does: at most 360', () => {
    expect(trendSections(T0, T0 + 360 * HOUR_MS, HOUR_MS)).toBe(360)
    expect(trendSections(T0, T0 + 360 * HOUR_MS + HOUR_MS - 1, HOUR_MS)).toBe(360)
    expect(trendSections(T0, T0 + 7 * HOUR_MS, 2 * HOUR_MS)).toBe(3)
    expect(trendSections(T0, T0 + DAY_MS, 1_000_000)).toBe(Number.POSITIVE_INFINITY)
    const trend = { ...q, kind: 'trend' as const, intervalMs: HOUR_MS }
    expect(draftProblem({ ...trend, end: T0 + 360 * HOUR_MS }, T0, true)).toBeNull()
    expect(draftProblem({ ...trend, end: T0 + 400 * HOUR_MS }, T0, true)).toEqual({ code: 'tooManySections', sections: 400 })
    // No start means the server's launch: daily buckets since 2019 are too many.
    const sinceLaunch = draftProblem({ ...trend, intervalMs: DAY_MS, start: null, end: null }, T0, true)
    expect(sinceLaunch?.code).toBe('tooManySections')
    expect(sinceLaunch && 'sections' in sinceLaunch ? sinceLaunch.sections : 0).toBe(Math.floor((T0 - SERVER_LAUNCH_MS.CN) / DAY_MS))
  })
})

describe('query parameters', () => {
  const stages = [
    { stageId: 'main_01-07', existence: only('CN', 'US', 'JP', 'KR') },
    { stageId: 'act_cn_only', existence: only('CN') },
  ]
  const items = ['30012', '30011', '2001', 'cn_only'].map((itemId) => ({ itemId, existence: itemId === 'cn_only' ? only('CN') : only('CN', 'US', 'JP', 'KR') }))
  const parse = (q: string, server: 'CN' | 'US' = 'CN') => parsePreset(new URLSearchParams(q), stages, items, server)

  it('keeps a stage that exists on the server', () => {
    expect(parse('stage=main_01-07')).toEqual({ stageId: 'main_01-07', itemIds: [] })
    expect(parse('stage=act_cn_only', 'US')).toEqual({ stageId: null, itemIds: [] })
    expect(parse('stage=nope')).toEqual({ stageId: null, itemIds: [] })
    expect(parse('')).toEqual({ stageId: null, itemIds: [] })
  })

  it('reads back what the stage details link builds', () => {
    const href = paths.advancedQuery.href('main_01-07', ['30012', '2001'])
    expect(href).toBe('/advanced?stage=main_01-07&items=30012,2001')
    expect(parsePreset(new URL(href, 'http://x').searchParams, stages, items, 'CN')).toEqual({ stageId: 'main_01-07', itemIds: ['30012', '2001'] })
    expect(paths.advancedQuery.href('main_01-07')).toBe('/advanced?stage=main_01-07')
    expect(paths.advancedQuery.href()).toBe('/advanced')
  })

  it('reads items as a deduplicated comma list of known items, and all of them as none', () => {
    expect(parse('stage=main_01-07&items=30012,2001,30012,,unknown')).toEqual({ stageId: 'main_01-07', itemIds: ['30012', '2001'] })
    expect(parse('items=cn_only', 'US').itemIds).toEqual([])
    expect(parse('items=30012,30011,2001,cn_only').itemIds).toEqual([])
    expect(parse('items=30012,30011,2001', 'US').itemIds).toEqual([])
  })
})

describe('result shaping', () => {
  const el = (itemId: string, times: number, quantity: number): MatrixElement => ({ stageId: 's', itemId, times, quantity, stdDev: 0.5, start: T0, end: null })

  it('matrix rows: unrounded rate, sanity per item for a valid cost, highest rate first', () => {
    const rows = shapeMatrix([el('a', 3, 1), el('b', 3, 2), el('c', 0, 0), el('d', 3, 0)], 12)
    expect(rows.map((r) => r.itemId)).toEqual(['b', 'a', 'd', 'c'])
    expect(rows[0]).toEqual({ itemId: 'b', times: 3, quantity: 2, rate: 2 / 3, apPerItem: 18, stdDev: 0.5 })
    expect(rows[1]?.apPerItem).toBe(36)
    expect(rows[2]).toMatchObject({ rate: 0, apPerItem: null })
    expect(rows[3]).toMatchObject({ rate: null, apPerItem: null })
    expect(shapeMatrix([el('a', 3, 1)], 99)[0]?.apPerItem).toBeNull()
  })

  it('trend series: buckets from the start time, the last cut at the end, rate null without runs', () => {
    const trend = {
      s: {
        startTime: T0,
        results: { x: { times: [4, 0, 2], quantity: [2, 0, 2] }, y: { times: [4, 0, 2], quantity: [0, 0, 1] }, z: { times: [4, 0, 2], quantity: [3, 0, 3] } },
      },
    }
    const end = T0 + 2 * DAY_MS + 5 * HOUR_MS
    const series = shapeTrend(trend, 's', DAY_MS, end, ['y'])
    expect(series.map((s) => s.itemId)).toEqual(['y', 'z', 'x'])
    const x = series[2]
    expect(x?.buckets).toEqual([
      { from: T0, to: T0 + DAY_MS, times: 4, quantity: 2, rate: 0.5 },
      { from: T0 + DAY_MS, to: T0 + 2 * DAY_MS, times: 0, quantity: 0, rate: null },
      { from: T0 + 2 * DAY_MS, to: end, times: 2, quantity: 2, rate: 1 },
    ])
    expect([x?.totalTimes, x?.totalQuantity, x?.intervalMs]).toEqual([6, 4, DAY_MS])
    expect(shapeTrend(trend, 'other', DAY_MS, end)).toEqual([])
    expect(shapeTrend({}, 's', DAY_MS, end)).toEqual([])
    // 1.5 h is drawn as the server's rounded 2 h.
    expect(shapeTrend(trend, 's', 5_400_000, null)[0]?.buckets[1]?.from).toBe(T0 + 2 * HOUR_MS)
  })
})

describe('errors and time inputs', () => {
  it('names the failures the server can answer with', () => {
    expect(classifyError(429, '(429) Too Many Requests')).toBe('rateLimited')
    expect(classifyError(400, '(400) end must be later than start')).toBe('invalidRange')
    expect(classifyError(400, '(400) interval length must be greater than 1 hour')).toBe('intervalTooShort')
    expect(classifyError(400, '(400) too many sections: 400 > 360')).toBe('tooManySections')
    expect(classifyError(400, '(400) resource not found with given parameters')).toBe('notFound')
    expect(classifyError(400, '(400) PenguinID not found in request')).toBe('loginRequired')
    expect(classifyError(null, '(!) Failed to fetch')).toBe('network')
    expect(classifyError(400, '(400) invalid request')).toBe('invalidRequest')
    expect(classifyError(500, '(500) internal server error occurred')).toBe('other')
  })

  it('round-trips datetime-local values in local time', () => {
    const ms = new Date(2026, 0, 31, 16, 5).getTime()
    expect(toLocalInput(ms)).toBe('2026-01-31T16:05')
    expect(fromLocalInput('2026-01-31T16:05')).toBe(ms)
    expect(fromLocalInput('2026-01-31T16:05:30')).toBe(ms + 30_000)
    expect(fromLocalInput('')).toBeNull()
    expect(fromLocalInput('31/01/2026')).toBeNull()
    expect(toLocalInput(null)).toBe('')
  })
})

describe('readResults', () => {
  const matrix = { matrix: [buildMatrixElement('main_01-07', '30012', { times: 10, quantity: 3 })] }
  const trend = { trend: { 'main_01-07': { startTime: 1556676000000, results: { '30012': { quantity: [1, 2], times: [5, 5] } } } } }

  it('takes one result per query, in order, matrix or trend', () => {
    expect(readResults(JSON.stringify({ advanced_results: [matrix, trend] }), 2)).toEqual([matrix, trend])
  })

  it('refuses an answer that does not hold one result per query, or not the shared shape', () => {
    expect(readResults(JSON.stringify({ advanced_results: [matrix] }), 2)).toBeNull()
    expect(readResults(JSON.stringify({ results: [matrix] }), 1)).toBeNull()
    expect(readResults(JSON.stringify({ advanced_results: [{ matrix: [{ stageId: 'main_01-07', itemId: '30012', times: '10' }] }] }), 1)).toBeNull()
    expect(readResults(JSON.stringify({ advanced_results: [{ trend: { 'main_01-07': { startTime: 'soon', results: {} } } }] }), 1)).toBeNull()
    expect(readResults('<html>', 1)).toBeNull()
  })
})
