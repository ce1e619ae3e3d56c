import { describe, expect, it } from 'vitest'
import { fakeCatalog, fakeDropInfo, fakeItem, fakeStage } from '../../testing/fake-catalog'

const T = 1_700_000_000_000

// s1: `a` always, `b` only during [T, T + 1000), `r` recognition-only; s2: nothing on CN.
const data = {
  items: [fakeItem('a', 1), fakeItem('b', 2)],
  stages: [fakeStage('s1', { zoneId: 'z' }), fakeStage('s2', { zoneId: 'z', isGacha: true })],
  dropInfos: [
    fakeDropInfo('CN', 's1', 'a', { lowerBound: 1, upperBound: 2, exceptions: [3] }),
    fakeDropInfo('CN', 's1', 'b', { startAt: T, endAt: T + 1000 }),
    fakeDropInfo('CN', 's1', 'r', { dropType: 'RECOGNITION_ONLY', lowerBound: null, upperBound: null }),
    fakeDropInfo('US', 's2', 'a'),
  ],
}

describe('catalog stages from domain records (fake repository)', () => {
  it('builds the wire stage of a server at an instant: active drop infos only, recognition-only items apart', async () => {
    const now = { value: T - 1 }
    const catalog = fakeCatalog(data, () => now.value)
    const before = await catalog.stage('s1', 'CN')
    expect(before.dropInfos).toEqual([{ itemId: 'a', dropType: 'NORMAL_DROP', bounds: { lower: 1, upper: 2, exceptions: [3] } }])
    expect(before.recognitionOnly).toEqual(['r'])
    expect(before).toMatchObject({ stageId: 's1', zoneId: 'z', code: 's1', apCost: 6 })
    expect(before.isGacha).toBeUndefined()
    now.value = T
    expect((await catalog.stage('s1', 'CN')).dropInfos?.map((d) => d.itemId)).toEqual(['a', 'b'])
    // The cached stage list follows the boundary too.
    now.value = T + 1000
    const list = JSON.parse((await catalog.stages('CN')).body) as { stageId: string; dropInfos?: unknown[]; isGacha?: true }[]
    expect(list.map((s) => [s.stageId, s.dropInfos?.length ?? null, s.isGacha ?? false])).toEqual([
      ['s1', 1, false],
      ['s2', null, true],
    ])
  })

  it('answers open stages, records and zones from the same data', async () => {
    const catalog = fakeCatalog(data, () => T + 10)
    expect([...(await catalog.openStageIds('CN'))]).toEqual(['s1'])
    expect([...(await catalog.openStageIds('US'))]).toEqual(['s2'])
    expect(await catalog.isStageOpen('s2', 'CN')).toBe(false)
    expect((await catalog.stageRecord('s2'))?.isGacha).toBe(true)
    expect(await catalog.stageRecord('nope')).toBeNull()
    expect((await catalog.dropInfos('CN', 's1')).map((i) => i.itemId)).toEqual(['a', 'b', 'r'])
    await expect(catalog.stage('nope', 'CN')).rejects.toMatchObject({ statusCode: 400, code: 'NOT_FOUND' })
  })
})
