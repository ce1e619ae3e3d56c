// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { decodeDataset } from './dataset-decoder'
import { InvalidStructureError } from './datasets'

// Without Web Workers (Node), decoding runs on the page with the same parsers the worker uses.
describe('decodeDataset without a worker', () => {
  it('parses and checks a dataset, as the parsers do (a wrapped matrix comes out bare)', async () => {
    const row = { stageId: 'main_01-07', itemId: '30012', times: 120, quantity: 96, stdDev: 0.4, start: 1556668800000, end: null }
    const { data, json } = await decodeDataset('globalMatrix', JSON.stringify({ matrix: [row] }), { data: true, json: true })
    expect(data).toEqual([row])
    // Only the worker serialises; on the page the caller does.
    expect(json).toBeNull()
  })

  it('rejects a response of the wrong shape with "Invalid structure", and text that is not JSON', async () => {
    await expect(decodeDataset('items', JSON.stringify([{ itemId: 1 }]))).rejects.toThrow(InvalidStructureError)
    await expect(decodeDataset('stats', '<html>maintenance</html>')).rejects.toThrow(SyntaxError)
  })
})
