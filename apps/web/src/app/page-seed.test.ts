import type { Item, MatrixElement, Stage, Zone } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { pageRequest, pageSeeds, type PageAnswers } from './page-seed'

const drops = [{ itemId: 'a', dropType: 'NORMAL_DROP', bounds: { lower: 0, upper: 1 } }]
const stage = (stageId: string, zoneId: string) => ({ stageId, zoneId, code: stageId, apCost: 6, dropInfos: drops }) as unknown as Stage
const answers = (): PageAnswers => ({
  slice: [{ stageId: 's1', itemId: 'a', times: 10, quantity: 3 }] as unknown as MatrixElement[],
  basis: {},
  items: [{ itemId: 'a', name: 'A' }] as unknown as Item[],
  stages: [stage('s1', 'z1'), stage('s2', 'z1'), stage('s3', 'z2')],
  zones: [
    { zoneId: 'z1', stages: ['s1', 's2'] },
    { zoneId: 'z2', stages: ['s3'] },
  ] as unknown as Zone[],
})
const seedOf = (seeds: ReturnType<typeof pageSeeds>, id: string) => seeds?.find((s) => s.key[1] === id)?.data as unknown[]

describe('the seeds a rendered page carries', () => {
  it("an item page: its rows' stages without drop tables, their zones listing only those stages, marked old", () => {
    const seeds = pageSeeds(pageRequest('/result/item/a')!, answers(), 1000)
    expect(seedOf(seeds, 'stages')).toEqual([{ stageId: 's1', zoneId: 'z1', code: 's1', apCost: 6 }])
    expect(seedOf(seeds, 'zones')).toEqual([{ zoneId: 'z1', stages: ['s1'] }])
    expect(seeds?.find((s) => s.key[1] === 'stages')?.updatedAt).toBe(0)
    expect(seeds?.find((s) => s.key[1] === 'globalMatrix')?.updatedAt).toBe(1000)
  })

  it("a stage page: its zone's stages whole, with their drop tables (validity, neighbour cards)", () => {
    const seeds = pageSeeds(pageRequest('/result/stage/z1/s1')!, answers(), 1000)
    expect(seedOf(seeds, 'stages')).toEqual([stage('s1', 'z1'), stage('s2', 'z1')])
    expect(seedOf(seeds, 'zones')).toEqual([{ zoneId: 'z1', stages: ['s1', 's2'] }])
  })

  it("a report form: its stage with its drop table, the address's zone listing only it, the items it lists; marked old", () => {
    const seeds = pageSeeds(pageRequest('/report/stage/z1/s2')!, { ...answers(), items: [{ itemId: 'a' }, { itemId: 'b' }] as unknown as Item[] }, 1000)
    expect(seedOf(seeds, 'stages')).toEqual([stage('s2', 'z1')])
    expect(seedOf(seeds, 'zones')).toEqual([{ zoneId: 'z1', stages: ['s2'] }])
    expect(seedOf(seeds, 'items')).toEqual([{ itemId: 'a' }])
    expect(seeds?.every((s) => s.updatedAt === 0)).toBe(true)
    expect(pageSeeds(pageRequest('/report/stage/z1/nope')!, answers(), 1000)).toBeNull()
    expect(pageRequest('/report/stage/z1/s%E0')).toBeNull()
  })

  it("the statistics: the numbers and config whole; the stages and items of the rankings' first pages only", () => {
    const stages = Array.from({ length: 12 }, (_, i) => stage(`s${i}`, i < 6 ? 'z1' : 'z2'))
    const stats = {
      totalStageTimes: stages.map((s, i) => ({ stageId: s.stageId, times: 100 - i })),
      totalStageTimes_24h: [{ stageId: 's11', times: 1 }],
      totalItemQuantities: [{ itemId: 'a', quantity: 5 }],
      totalApCost: 10,
    }
    const seeds = pageSeeds(
      pageRequest('/statistics')!,
      {
        stats,
        config: { demo: false },
        items: answers().items,
        stages,
        zones: [
          { zoneId: 'z1', stages: ['s0', 's1'] },
          { zoneId: 'z2', stages: ['s10', 's11'] },
        ] as unknown as Zone[],
      },
      1000,
    )
    expect(seedOf(seeds, 'stats')).toBe(stats)
    expect(seeds?.find((s) => s.key[1] === 'config')).toMatchObject({ data: { demo: false }, updatedAt: 1000 })
    // The all-time top ten (s0-s9) and the 24 h ranking's s11; not s10, eleventh of all time.
    expect((seedOf(seeds, 'stages') as { stageId: string }[]).map((s) => s.stageId)).toEqual([...Array.from({ length: 10 }, (_, i) => `s${i}`), 's11'])
    expect(seedOf(seeds, 'stages')?.every((s) => !('dropInfos' in (s as object)))).toBe(true)
    expect(seedOf(seeds, 'zones')).toEqual([
      { zoneId: 'z1', stages: ['s0', 's1'] },
      { zoneId: 'z2', stages: ['s11'] },
    ])
    expect(pageRequest('/statistics/more')).toBeNull()
  })

  it('an unknown item or stage has no seeds (the plain app goes)', () => {
    expect(pageSeeds(pageRequest('/result/item/nope')!, answers(), 1000)).toBeNull()
    expect(pageSeeds(pageRequest('/result/stage/z1/nope')!, answers(), 1000)).toBeNull()
    expect(pageRequest('/result/item/%E0%A4%A')).toBeNull()
    expect(pageRequest('/planner')).toBeNull()
  })
})
