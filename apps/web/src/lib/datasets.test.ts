import { describe, expect, it } from 'vitest'
import { parserOf, parsers } from './dataset-parsers'
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
    // One stage's or item's part may be empty (not on this server, not reported yet); the whole matrix may not.
    expect(() => parsers.globalMatrix({ matrix: [] })).toThrow(/empty list/)
    expect(parserOf('matrixSlice')({ matrix: [] })).toEqual([])
    expect(parserOf('matrixSlice')({ matrix: [row] })).toEqual([row])
    expect(() => parserOf('matrixSlice')({ matrix: [{ ...row, times: 'x' }] })).toThrow(InvalidStructureError)
    expect(datasets.personalMatrix.path({ server: 'JP', category: 'manual' })).toBe('/_private/result/matrix/JP/personal/manual')
  })
})
