import { SERVER_LAUNCH_MS } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { DAY_MS, HOUR_MS, MAX_TREND_SECTIONS, draftProblem, newDraft, trendSections } from './query-model'
import { DEFAULT_TREND_WINDOW_MS, applyDraftPatch, endOfLocalDay, fittingInterval } from './trend-interval'

// The day issue 17 was filed: "since launch" on CN is then about 2,764 days.
const NOW = Date.UTC(2026, 10, 21, 9, 30)
const stage = { stageId: 'main_01-07' }

describe('fittingInterval', () => {
  it.each([
    ['keeps a fitting interval', 0, 30 * DAY_MS, DAY_MS, DAY_MS],
    ['keeps exactly 360 intervals', 0, 360 * DAY_MS, DAY_MS, DAY_MS],
    ['takes 4 days for 361 days at 1 day', 0, 361 * DAY_MS, DAY_MS, 4 * DAY_MS],
    ['takes 2 weeks for the whole CN history', SERVER_LAUNCH_MS.CN, NOW, DAY_MS, 14 * DAY_MS],
    ['takes 1 hour for 15 days at 1 hour', 0, 15 * DAY_MS, HOUR_MS, HOUR_MS],
    ['takes 6 hours for 16 days at 1 hour', 0, 16 * DAY_MS, HOUR_MS, 6 * HOUR_MS],
    ['has nothing for an empty window', 10, 10, DAY_MS, null],
    ['has nothing for 300 years', 0, 300 * 365 * DAY_MS, DAY_MS, null],
  ])('%s', (_name, start, end, interval, want) => {
    expect(fittingInterval(start, end, interval)).toBe(want)
  })

  it('never answers an interval that exceeds the maximum', () => {
    for (let days = 1; days < 4000; days += 37) {
      const got = fittingInterval(0, days * DAY_MS, HOUR_MS)
      expect(got).not.toBeNull()
      expect(trendSections(0, days * DAY_MS, got ?? 0)).toBeLessThanOrEqual(MAX_TREND_SECTIONS)
    }
  })
})

describe('applyDraftPatch', () => {
  it('turns the default query (launch to now) into a daily trend of the 30 days up to the end of today, which runs', () => {
    const draft = newDraft(0, 'CN', stage)
    expect(draftProblem({ ...draft, kind: 'trend' }, NOW, false)).toMatchObject({ code: 'tooManySections' })
    const trend = applyDraftPatch(draft, { kind: 'trend' }, NOW)
    expect(trend.kind).toBe('trend')
    const end = trend.end ?? 0
    // Local midnight after now: today's reports, however recent, fall in the last interval.
    expect(end).toBe(endOfLocalDay(NOW))
    expect(end).toBeGreaterThan(NOW)
    expect(end - NOW).toBeLessThanOrEqual(DAY_MS)
    expect([new Date(end).getHours(), new Date(end).getMinutes()]).toEqual([0, 0])
    expect(trend.start).toBe(end - DEFAULT_TREND_WINDOW_MS)
    expect(trend.intervalMs).toBe(DAY_MS)
    expect(trendSections(trend.start ?? 0, end, trend.intervalMs)).toBe(30)
    expect(draftProblem(trend, NOW, false)).toBeNull()
  })

  it('keeps a chosen window and ends the default window at a chosen end', () => {
    const chosen = { ...newDraft(0, 'CN', stage), start: NOW - 3 * DAY_MS, end: NOW }
    expect(applyDraftPatch(chosen, { kind: 'trend' }, NOW)).toMatchObject({ start: NOW - 3 * DAY_MS, end: NOW, intervalMs: DAY_MS })
    const endOnly = { ...newDraft(0, 'CN', stage), end: NOW - 100 * DAY_MS }
    expect(applyDraftPatch(endOnly, { kind: 'trend' }, NOW)).toMatchObject({ start: NOW - 130 * DAY_MS, end: NOW - 100 * DAY_MS })
  })

  it('lengthens the interval when the window grows, and keeps it when it still fits', () => {
    const trend = applyDraftPatch(newDraft(0, 'CN', stage), { kind: 'trend' }, NOW)
    const year = applyDraftPatch(trend, { start: NOW - 400 * DAY_MS, end: null }, NOW)
    expect(year.intervalMs).toBe(4 * DAY_MS)
    expect(draftProblem(year, NOW, false)).toBeNull()
    expect(applyDraftPatch(year, { start: NOW - 10 * DAY_MS }, NOW).intervalMs).toBe(4 * DAY_MS)
    const sinceLaunch = applyDraftPatch(trend, { start: null, end: null }, NOW)
    expect(sinceLaunch.intervalMs).toBe(14 * DAY_MS)
    expect(draftProblem(sinceLaunch, NOW, false)).toBeNull()
  })

  it('keeps an interval the visitor forces, so the form can say why it cannot run', () => {
    const trend = applyDraftPatch(newDraft(0, 'CN', stage), { kind: 'trend' }, NOW)
    const forced = applyDraftPatch(trend, { intervalMs: HOUR_MS }, NOW)
    expect(forced.intervalMs).toBe(HOUR_MS)
    expect(draftProblem(forced, NOW, false)).toEqual({ code: 'tooManySections', sections: 720 })
  })

  it('leaves matrix queries and unrelated edits alone', () => {
    const matrix = newDraft(0, 'CN', stage)
    expect(applyDraftPatch(matrix, { start: null, category: 'manual' }, NOW)).toEqual({ ...matrix, category: 'manual' })
    const trend = { ...applyDraftPatch(matrix, { kind: 'trend' }, NOW), intervalMs: HOUR_MS }
    expect(applyDraftPatch(trend, { itemIds: ['30012'] }, NOW).intervalMs).toBe(HOUR_MS)
  })
})
