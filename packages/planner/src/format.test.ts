import { describe, expect, it } from 'vitest'
import { formatCount, formatCraftCount, formatValue, formatValues, toFixedPy, valueLevel } from './format'
import type { ItemRow } from './lp-model'

const row = (itemId: string, zhName = itemId): ItemRow => ({ itemId, zhName, names: { zh: zhName, en: `en-${itemId}` } })

describe('toFixedPy (Python %-format rounding)', () => {
  it.each([
    [0.25, 1, '0.2'], // exact tie: half to even, where toFixed gives 0.3
    [0.75, 1, '0.8'],
    [0.35, 1, '0.3'], // 0.35 is really 0.3499…
    [0.125, 2, '0.12'],
    [0.375, 2, '0.38'],
    [2.675, 2, '2.67'],
    [0.000125, 5, '0.00013'],
    [0, 5, '0.00000'],
    [41.52164, 2, '41.52'],
  ])('%d with %i decimals is %s', (x, digits, want) => expect(toFixedPy(x, digits)).toBe(want))
})

describe('ArkPlanner number formats', () => {
  it.each([
    [0.04, '0.0'],
    [0.25, '0.2'],
    [0.96, '1.0'], // below 1 keeps one decimal even when it rounds up to 1.0
    [1, '1'],
    [1.49, '1'],
    [1.5, '2'],
    [2.5, '3'], // int(x + 0.5), not banker's rounding
    [20.4999, '20'],
  ])('count %d prints as %s', (x, want) => expect(formatCount(x)).toBe(want))

  it.each([
    [0.1, '1'],
    [1, '1'],
    [1.05, '1'],
    [1.1, '2'], // int(t + 0.9): a craft needed 1.1 times means 2 crafts
    [3.0999, '3'],
  ])('craft count %d prints as %s', (t, want) => expect(formatCraftCount(t)).toBe(want))

  it.each([
    [41.5216, '41.52'],
    [0.1, '0.10000'], // not above 0.1
    [0.10001, '0.10'],
    [0.0036, '0.00360'],
    [0, '0.00000'],
  ])('value %d prints as %s', (y, want) => expect(formatValue(y)).toBe(want))
})

describe('valueLevel', () => {
  it.each([
    ['30012', '固源岩', 2],
    ['30135', 'D32钢', 5],
    ['32001', '芯片助剂', 1], // 5-character id ending in 1
    ['31013', '凝胶', 3],
    ['3003', '赤金', undefined], // 4-character ids are never listed
    ['2004', '高级作战记录', undefined],
    ['30010', '某物', undefined], // last digit 0
    ['30016', '某物', undefined], // last digit 6
    ['furni', '家具', undefined],
    ['30011', '碳素', undefined], // skipped by name
    ['30012', '高级作战记录', undefined],
    ['30013', '技巧概要·卷3', undefined],
  ])('%s %s is level %s', (id, name, want) => expect(valueLevel(row(id, name))).toBe(want))
})

describe('formatValues', () => {
  const rows = [row('30011'), row('30012'), row('30013'), row('31013'), row('30135'), row('4001', '龙门币')]
  const y = Float64Array.from([0.5, 1.25, 30.123, 39.866, -1, 0.0036])

  it('lists levels 5 → 1, values high to low, negatives and 4-char ids left out', () => {
    expect(formatValues(rows, y, 'id')).toEqual([
      { level: '5', items: [] },
      { level: '4', items: [] },
      {
        level: '3',
        items: [
          { name: '31013', value: '39.87' },
          { name: '30013', value: '30.12' },
        ],
      },
      { level: '2', items: [{ name: '30012', value: '1.25' }] },
      { level: '1', items: [{ name: '30011', value: '0.50' }] },
    ])
  })

  it('names items in the output language', () => {
    expect(formatValues(rows, y, 'en')[4]?.items).toEqual([{ name: 'en-30011', value: '0.50' }])
  })

  it('leaves out items the LP cannot produce', () => {
    const obtainable = Uint8Array.from([1, 0, 1, 0, 1, 1])
    expect(formatValues(rows, y, 'id', obtainable).flatMap((l) => l.items.map((i) => i.name))).toEqual(['30013', '30011'])
  })

  it('treats a dual of -1e-17 as 0 and lists it', () => {
    const tiny = Float64Array.from([-1e-17, 0, 0, 0, 0, 0])
    expect(formatValues(rows, tiny, 'id')[4]?.items).toEqual([{ name: '30011', value: '0.00000' }])
  })
})
