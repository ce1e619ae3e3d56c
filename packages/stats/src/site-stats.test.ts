import { describe, expect, it } from 'vitest'
import { type SiteStatsInput, siteStats } from './site-stats'

const base: SiteStatsInput = {
  stages: new Map([
    ['main_01-07', { apCost: 6 }],
    ['wk_kc_5', { apCost: 30 }],
    ['gacha_1', { apCost: 0, isGacha: true }],
    ['recruit', { apCost: 0 }],
    ['unknown_cost', { apCost: 99 }],
    ['null_cost', { apCost: null }],
  ]),
  itemTypes: new Map([
    ['30012', 'MATERIAL'],
    ['furni', 'FURN'],
    ['3211', 'CHIP'],
    ['2002', 'CARD_EXP'],
    ['tag_1', 'RECRUIT_TAG'],
  ]),
  pairTimes: [],
  recentStageTimes: [],
  itemQuantities: [],
}

describe('siteStats (§10.7)', () => {
  it('empty input', () => expect(siteStats(base)).toEqual({ totalStageTimes: [], totalStageTimes_24h: [], totalItemQuantities: [], totalApCost: 0 }))

  it('uses the largest per-item total of a stage and excludes recruit and gacha', () => {
    const stats = siteStats({
      ...base,
      pairTimes: [
        { stageId: 'main_01-07', itemId: '30012', times: 1000 },
        { stageId: 'main_01-07', itemId: 'furni', times: 400 },
        { stageId: 'main_01-07', itemId: '30012', times: 50 }, // same pair again: summed to 1050
        { stageId: 'wk_kc_5', itemId: '2002', times: 10 },
        { stageId: 'gacha_1', itemId: 'x', times: 99 },
        { stageId: 'recruit', itemId: 'tag_1', times: 77 },
        { stageId: 'unknown_cost', itemId: 'x', times: 5 },
        { stageId: 'null_cost', itemId: 'x', times: 5 },
        { stageId: 'not_in_map', itemId: 'x', times: 8 },
      ],
    })
    expect(stats.totalStageTimes).toEqual([
      { stageId: 'main_01-07', times: 1050 },
      { stageId: 'not_in_map', times: 8 },
      { stageId: 'null_cost', times: 5 },
      { stageId: 'unknown_cost', times: 5 },
      { stageId: 'wk_kc_5', times: 10 },
    ])
    // unknown costs (99, null, missing stage) contribute 0
    expect(stats.totalApCost).toBe(6 * 1050 + 30 * 10)
  })

  it('24 h totals exclude recruit but keep gacha stages', () => {
    const stats = siteStats({
      ...base,
      recentStageTimes: [
        { stageId: 'recruit', times: 5 },
        { stageId: 'gacha_1', times: 3 },
        { stageId: 'main_01-07', times: 2 },
        { stageId: 'main_01-07', times: 1 },
        { stageId: 'wk_kc_5', times: 0 },
      ],
    })
    expect(stats.totalStageTimes_24h).toEqual([
      { stageId: 'gacha_1', times: 3 },
      { stageId: 'main_01-07', times: 3 },
    ])
  })

  it('item totals only for MATERIAL, FURN and CHIP', () => {
    const stats = siteStats({
      ...base,
      itemQuantities: [
        { itemId: '30012', quantity: 10 },
        { itemId: '30012', quantity: 5 },
        { itemId: 'furni', quantity: 1 },
        { itemId: '3211', quantity: 2 },
        { itemId: '2002', quantity: 100 },
        { itemId: 'tag_1', quantity: 100 },
        { itemId: 'unknown_item', quantity: 100 },
      ],
    })
    expect(stats.totalItemQuantities).toEqual([
      { itemId: '30012', quantity: 15 },
      { itemId: '3211', quantity: 2 },
      { itemId: 'furni', quantity: 1 },
    ])
  })
})
