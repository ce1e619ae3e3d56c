import { readStages, stagesFromSeed } from '@dropwise/recognizer-pack'
import { DEFAULT_SEED_DIR } from '@dropwise/recognizer-pack/assets'
import { NO_END_MS, type Item } from '@dropwise/schemas'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../testing/test-app'
import type { DropInfoRecord } from '../catalog/catalog.types'
import { stageDataOf, unreadableItems, wantedItems, type ReferenceData } from './pack-coverage'

describe('the pack stage index from the stored data', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestContext({ name: 'pglite' })
  }, 120_000)
  afterAll(async () => ctx?.close())

  it("gives the seed files' index for the seed's data (recognition does not change when nothing changed)", async () => {
    const { catalog } = ctx.app
    const data = { stages: await catalog.stageRecords(), dropInfos: await catalog.dropInfoList(), items: await catalog.itemList() }
    const { stages, dropInfos, items } = stageDataOf(data)
    const fromDb = stagesFromSeed(stages, dropInfos, items)
    expect(Object.keys(fromDb.CN ?? {}).length).toBeGreaterThan(500)
    expect(fromDb).toEqual(await readStages(DEFAULT_SEED_DIR))
  }, 60_000)
})

const NOW = 1_800_000_000_000
const item = (itemId: string) => ({ itemId, name_i18n: { zh: itemId, en: itemId, ja: itemId, ko: itemId }, existence: {} }) as unknown as Item
const info = (over: Partial<DropInfoRecord>): DropInfoRecord => ({
  server: 'CN',
  stageId: 's',
  itemId: '30012',
  dropType: 'NORMAL_DROP',
  lowerBound: 0,
  upperBound: 1,
  exceptions: null,
  startAt: 0,
  endAt: NO_END_MS,
  accumulable: true,
  ...over,
})
const data = (dropInfos: DropInfoRecord[]): ReferenceData => ({ stages: [], dropInfos, items: ['30012', '30175', 'furni', 'recruit_tag_dps'].map(item) })

describe('wantedItems', () => {
  it.each<[string, DropInfoRecord[], string[]]>([
    ['an open drop', [info({})], ['30012 CN']],
    ['one opening later on US', [info({ server: 'US', startAt: NOW + 1, endAt: NOW + 10 })], ['30012 US']],
    ['a closed window only', [info({ endAt: NOW })], []],
    ['furniture', [info({ itemId: 'furni', dropType: 'FURNITURE' })], []],
    ['a stage-level entry', [info({ itemId: null })], []],
    ['the recruitment pseudo-stage', [info({ stageId: 'recruit', itemId: 'recruit_tag_dps' })], []],
    ['an item the item list does not know', [info({ itemId: '99999' })], []],
    ['recognition-only entries, across servers', [info({ itemId: '30175', dropType: 'RECOGNITION_ONLY' }), info({ server: 'JP', itemId: '30175' })], ['30175 CN JP']],
  ])('%s', (_name, infos, want) => {
    expect(wantedItems(data(infos), NOW).map((w) => `${w.itemId} ${w.servers.join(' ')}`)).toEqual(want)
  })

  it('unreadable = wanted without a template', () => {
    const wanted = wantedItems(data([info({}), info({ itemId: '30175' })]), NOW)
    expect(unreadableItems(wanted, new Set(['30012'])).map((w) => w.itemId)).toEqual(['30175'])
  })
})
