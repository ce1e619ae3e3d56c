import type { Item, Stage } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api'
import { buildItem } from '../../testing/builders'
import {
  adjustQuantity,
  classifySubmitError,
  dropCategories,
  hasFurniture,
  isBatchItem,
  isRecruitment,
  MAX_QUANTITY,
  noticeRules,
  quantityOf,
  reportBody,
  reportHashOf,
  setQuantity,
  stageHasFurniture,
  withFurniture,
  type DraftDrop,
} from './report-draft'

const item = (itemId: string, sortId: number, itemType = 'MATERIAL'): Item => buildItem(itemId, { sortId, itemType, rarity: 0 })
const b = (lower: number, upper: number) => ({ lower, upper })

// The seed's 1-7 drop table (main_01-07).
const stage17 = {
  stageId: 'main_01-07',
  dropInfos: [
    { dropType: 'NORMAL_DROP', bounds: b(1, 1) },
    { dropType: 'SPECIAL_DROP', bounds: b(0, 0) },
    { dropType: 'EXTRA_DROP', bounds: b(1, 2) },
    { itemId: '2001', dropType: 'EXTRA_DROP', bounds: b(1, 2) },
    { itemId: '30011', dropType: 'EXTRA_DROP', bounds: b(0, 1) },
    { itemId: '30012', dropType: 'NORMAL_DROP', bounds: b(1, 2) },
    { itemId: '3003', dropType: 'EXTRA_DROP', bounds: b(0, 1) },
    { itemId: 'furni', dropType: 'FURNITURE', bounds: b(0, 1) },
    { itemId: 'unknown', dropType: 'EXTRA_DROP', bounds: b(0, 1) },
  ],
} as unknown as Stage
const items = new Map([item('2001', 20), item('30011', 30), item('30012', 31), item('3003', 10), item('furni', 1, 'FURN')].map((i) => [i.itemId, i] as const))

describe('draft quantities', () => {
  it('adds, raises, lowers and removes at 0 without going negative', () => {
    let d: DraftDrop[] = []
    d = adjustQuantity(d, 'NORMAL_DROP', '30012', 1)
    d = adjustQuantity(d, 'EXTRA_DROP', '2001', 1)
    d = adjustQuantity(d, 'NORMAL_DROP', '30012', 1)
    expect(d).toEqual([
      { dropType: 'NORMAL_DROP', itemId: '30012', quantity: 2 },
      { dropType: 'EXTRA_DROP', itemId: '2001', quantity: 1 },
    ])
    d = adjustQuantity(d, 'NORMAL_DROP', '30012', -1)
    expect(quantityOf(d, 'NORMAL_DROP', '30012')).toBe(1)
    d = adjustQuantity(d, 'NORMAL_DROP', '30012', -1)
    expect(d).toEqual([{ dropType: 'EXTRA_DROP', itemId: '2001', quantity: 1 }])
    d = adjustQuantity(d, 'NORMAL_DROP', '30012', -1)
    expect(d).toHaveLength(1)
  })
  it('keeps the same item under different drop types apart and clamps to the API maximum', () => {
    let d = setQuantity([], 'NORMAL_DROP', '30012', 2)
    d = setQuantity(d, 'EXTRA_DROP', '30012', 1)
    expect(quantityOf(d, 'NORMAL_DROP', '30012')).toBe(2)
    expect(quantityOf(d, 'EXTRA_DROP', '30012')).toBe(1)
    expect(quantityOf(setQuantity(d, 'NORMAL_DROP', '30012', 5000), 'NORMAL_DROP', '30012')).toBe(MAX_QUANTITY)
  })
})

describe('furniture', () => {
  it('is stored as FURNITURE/furni/1 and removed completely when switched off', () => {
    const on = withFurniture([{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 }], true)
    expect(on).toContainEqual({ dropType: 'FURNITURE', itemId: 'furni', quantity: 1 })
    expect(hasFurniture(on)).toBe(true)
    expect(withFurniture(withFurniture(on, true), true).filter((d) => d.itemId === 'furni')).toHaveLength(1)
    const off = withFurniture([...on, { dropType: 'EXTRA_DROP', itemId: 'furni', quantity: 2 }], false)
    expect(off).toEqual([{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 }])
    expect(hasFurniture(off)).toBe(false)
  })
  it('is offered only where the drop table has it', () => {
    expect(stageHasFurniture(stage17)).toBe(true)
    expect(stageHasFurniture({ dropInfos: [{ dropType: 'NORMAL_DROP', bounds: b(1, 1) }] })).toBe(false)
  })
  it('is not offered on gacha stages, nor where the furniture rule is bounded to 0', () => {
    // The seed's gacha boxes (randomMaterial_*) carry a furniture rule of 0..0.
    const box = { isGacha: true, dropInfos: [{ itemId: 'furni', dropType: 'FURNITURE', bounds: b(0, 0) }] } as Pick<Stage, 'dropInfos' | 'isGacha'>
    expect(stageHasFurniture(box)).toBe(false)
    expect(stageHasFurniture({ ...box, isGacha: false })).toBe(false)
    expect(stageHasFurniture({ ...stage17, isGacha: true })).toBe(false)
    expect(stageHasFurniture({ ...stage17, isGacha: false })).toBe(true)
  })
})

describe('stages and notices that do not apply', () => {
  it('keeps every notice for a stage, and only the applicable ones for a gacha stage', () => {
    expect(noticeRules(false)).toEqual(['rule_1', 'rule_2', 'rule_3', 'rule_4', 'rule_5', 'rule_6'])
    // No "one clear", "empty report", "3-star" or "first clear" rule for opening boxes.
    expect(noticeRules(true)).toEqual(['rule_3', 'rule_6'])
  })
  it('knows recruitment by its stage id or its zone type', () => {
    expect(isRecruitment({ type: 'RECRUIT' }, 'recruit')).toBe(true)
    expect(isRecruitment(undefined, 'recruit')).toBe(true)
    expect(isRecruitment({ type: 'RECRUIT' }, 'other')).toBe(true)
    expect(isRecruitment({ type: 'MAINLINE' }, 'main_01-07')).toBe(false)
    expect(isRecruitment({ type: 'GACHABOX' }, 'randomMaterial_1')).toBe(false)
  })
})

describe('dropCategories', () => {
  it('lists regular, special, extra items by sortId, without furniture, unknown items or empty categories', () => {
    const cats = dropCategories(stage17, items)
    expect(cats.map((c) => [c.dropType, c.items.map((i) => i.itemId)])).toEqual([
      ['NORMAL_DROP', ['30012']],
      ['EXTRA_DROP', ['3003', '2001', '30011']],
    ])
  })
})

describe('batch items', () => {
  it('are batch activity items, or any item of a gacha stage', () => {
    expect(isBatchItem({ itemType: 'ACTIVITY_ITEM_BATCH' }, {})).toBe(true)
    expect(isBatchItem({ itemType: 'ACTIVITY_ITEM' }, {})).toBe(false)
    expect(isBatchItem({ itemType: 'MATERIAL' }, { isGacha: true })).toBe(true)
  })
})

describe('submission', () => {
  it('builds the web body with the manual source', () => {
    expect(reportBody('main_01-07', 'CN', [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 }], '1.2.3')).toEqual({
      drops: [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 }],
      stageId: 'main_01-07',
      server: 'CN',
      source: 'frontend-v2',
      version: '1.2.3',
    })
  })
  it('classifies failures for the error catalogue', () => {
    expect(classifySubmitError(new ApiError('(!) Failed to fetch', null))).toBe('network')
    expect(classifySubmitError(new TypeError('x'))).toBe('network')
    expect(classifySubmitError(new ApiError('(429) slow down', 429))).toBe('rateLimited')
    expect(classifySubmitError(new ApiError('(400) bad', 400))).toBe('rejected')
    expect(classifySubmitError(new ApiError('(500) oops', 500))).toBe('server')
  })
  it('reads the report hash', () => {
    expect(reportHashOf('{"reportHash":"abc-def"}')).toBe('abc-def')
    expect(reportHashOf('{"reportHash":""}')).toBeNull()
    expect(reportHashOf('OK')).toBeNull()
  })
})
