// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { decodeDataset } from './dataset-decoder'
import { buildZone } from '../testing/builders'
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

  it('decodes an answer given as its bytes (UTF-8, as the API sends it) to the same data as its text', async () => {
    const zone = buildZone('act_1', {
      zoneName: '骑兵与猎人',
      zoneName_i18n: { zh: '骑兵与猎人', en: 'Cavalier and Hunter', ja: '騎兵と狩人', ko: '기병과 사냥꾼' },
      stages: ['a_1'],
    })
    const text = JSON.stringify([zone])
    const bytes = new TextEncoder().encode(text)
    const fromBytes = await decodeDataset('zones', bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
    expect(fromBytes.data).toEqual((await decodeDataset('zones', text)).data)
    expect((fromBytes.data as (typeof zone)[])[0]?.zoneName_i18n.ko).toBe('기병과 사냥꾼')
  })

  it('rejects a response of the wrong shape with "Invalid structure", and text that is not JSON', async () => {
    await expect(decodeDataset('items', JSON.stringify([{ itemId: 1 }]))).rejects.toThrow(InvalidStructureError)
    await expect(decodeDataset('stats', '<html>maintenance</html>')).rejects.toThrow(SyntaxError)
  })

  it('checks a sample basis with the schema the server answers with: a field missing is an error, not a count of 0', async () => {
    const basis = {
      server: 'CN',
      stageId: 'main_01-07',
      imported: { source: 'Penguin Statistics', runs: 1200, until: 1750464000000, upstream: null },
      reported: { automated: { runs: 30, reports: 3 }, manual: { runs: 1, reports: 1 } },
      simulated: { runs: 0, reports: 0 },
    }
    expect((await decodeDataset('basis', JSON.stringify(basis))).data).toEqual(basis)
    const { manual: _manual, ...automatedOnly } = basis.reported
    await expect(decodeDataset('basis', JSON.stringify({ ...basis, reported: automatedOnly }))).rejects.toThrow(InvalidStructureError)
    await expect(decodeDataset('basis', JSON.stringify({ ...basis, imported: { ...basis.imported, runs: '1200' } }))).rejects.toThrow(InvalidStructureError)
  })
})
