import { describe, expect, it } from 'vitest'
import { parsers } from './dataset-parsers'
import { datasets, InvalidStructureError } from './datasets'

describe('datasets', () => {
  it('rejects a wrong shape with "Invalid structure" and keeps the detail', () => {
    expect(() => parsers.items([{ itemId: 1 }])).toThrow(InvalidStructureError)
    expect(() => parsers.items([])).toThrow(/Invalid structure: empty list/)
  })
  it('unwraps matrices and sorts items', () => {
    const row = { stageId: 's', itemId: 'i', times: 10, quantity: 3, stdDev: 0.1, start: 0, end: null }
    expect(parsers.globalMatrix({ matrix: [row] })).toEqual([row])
    expect(parsers.globalPatternMatrix({ pattern_matrix: [] })).toEqual([])
    expect(datasets.personalMatrix.path({ server: 'JP', category: 'manual' })).toBe('/_private/result/matrix/JP/personal/manual')
  })
})
