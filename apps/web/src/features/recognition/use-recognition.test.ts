import type { RecognitionResult } from '@dropwise/recognizer'
import type { Stage } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import type { RecImage } from './rec-image'
import { toBatchEntry } from './report-upload'
import { dropTableOf, judge, withUntrackedShown } from './use-recognition'

const result = (over: Partial<RecognitionResult>): RecognitionResult => ({
  resultScreen: true,
  stage: { code: '1-7', stageId: 'main_01-07', difficulty: 'NORMAL', confidence: 1 },
  stars: { lit: 3, shown: 3, confidence: 1 },
  multiRun: false,
  groups: [],
  drops: [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1, confidence: { item: 1, quantity: 1 }, inStageDrops: true, recognitionOnly: false }],
  exceptions: [],
  fingerprint: 'aaaa',
  evidence: { width: 1280, height: 720, boxes: [] },
  ...over,
})
const image = (id: number, over: Partial<RecImage> = {}, lastModified = 1_000_000 + id * 60_000): RecImage => ({
  id,
  file: new File(['x'], `${id}.png`, { type: 'image/png', lastModified }),
  url: '',
  server: 'CN',
  status: 'done',
  result: null,
  failure: null,
  ms: 1,
  decision: null,
  submitted: false,
  ...over,
})
const stages = [
  {
    stageId: 'main_01-07',
    dropInfos: [
      { itemId: '30012', dropType: 'NORMAL_DROP', bounds: { lower: 1, upper: 1 } },
      { dropType: 'NORMAL_DROP', bounds: { lower: 1, upper: 1 } },
    ],
  },
] as unknown as Stage[]

describe('judge', () => {
  it('preselects clean results, flags a copy and a close timestamp, and never selects errors even when accepted', () => {
    const judged = judge(
      [
        image(1, { result: result({}) }),
        image(2, { result: result({}), decision: true }),
        image(3, { result: result({ fingerprint: 'bbbb' }) }, 1_000_000 + 60_000 + 3_000),
        image(4, { result: result({ fingerprint: 'cccc', stage: { code: '2-10', stageId: 'main_02-10', difficulty: 'NORMAL', confidence: 1 } }) }),
      ],
      dropTableOf(stages, 'CN'),
    )
    expect(judged.map((j) => [j.outcome, j.selectable, j.selected])).toEqual([
      ['success', true, true],
      ['error', false, false],
      ['error', false, false],
      ['success', true, true],
    ])
    expect(judged[1]!.exceptions.map((e) => e.code)).toEqual(['Fingerprint::Same'])
    expect(judged[2]!.exceptions.map((e) => e.code)).toEqual(['FileTimestamp::TooClose'])
  })

  it('leaves a warning for the user to accept, and checks drops against the stage rules', () => {
    const warn = result({ exceptions: [{ code: 'StageChar::LowConfidence', severity: 'warning', where: 'stage.chars.0', detail: '' }] })
    const tooMany = result({
      fingerprint: 'dddd',
      drops: [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 5, confidence: { item: 1, quantity: 1 }, inStageDrops: true, recognitionOnly: false }],
    })
    const table = dropTableOf(stages, 'CN')
    const [w, accepted, bad] = judge(
      [image(1, { result: warn }), image(2, { result: { ...warn, fingerprint: 'eeee' }, decision: true }, 9_000_000), image(3, { result: tooMany }, 20_000_000)],
      table,
    )
    expect([w!.outcome, w!.selectable, w!.selected]).toEqual(['warning', true, false])
    expect(accepted!.selected).toBe(true)
    expect(bad!.exceptions.map((e) => e.code)).toEqual(['DropInfos::Violation'])
    expect(bad!.selected).toBe(false)
  })

  it('treats a failed decode and a screen without a stage as errors, and a pending image as not selectable yet', () => {
    const [failed, noStage, pending] = judge(
      [image(1, { failure: { message: 'x', decode: true } }), image(2, { result: result({ stage: null, fingerprint: 'ffff' }) }), image(3, { status: 'pending' })],
      [],
    )
    expect([failed!.outcome, failed!.selectable]).toEqual(['error', false])
    expect([noStage!.outcome, noStage!.selectable]).toEqual(['error', false])
    expect(pending!.selectable).toBe(false)
  })
})

describe('items the site does not track', () => {
  const read = result({
    drops: [
      { dropType: 'FURNITURE', itemId: 'furni', quantity: 1, confidence: { item: 1, quantity: 1 }, inStageDrops: true, recognitionOnly: false },
      { dropType: 'NORMAL_DROP', itemId: '30103', quantity: 1, confidence: { item: 1, quantity: 1 }, inStageDrops: true, recognitionOnly: false },
      { dropType: 'NORMAL_DROP', itemId: 'act20side_token_book', quantity: 21, confidence: { item: 1, quantity: 1 }, inStageDrops: false, recognitionOnly: false },
    ],
  })
  const tracked = (id: string) => id === '30103' || id === 'furni'

  it('are shown as not reported and left out of the report; the rest is reported as read', () => {
    const shown = withUntrackedShown(read, tracked)
    expect(shown.drops.map((d) => [d.itemId, d.recognitionOnly])).toEqual([
      ['furni', false],
      ['30103', false],
      ['act20side_token_book', true],
    ])
    expect(toBatchEntry(shown, { name: 'a.png', lastModified: 1 })?.drops).toEqual([
      { dropType: 'FURNITURE', itemId: 'furni', quantity: 1 },
      { dropType: 'NORMAL_DROP', itemId: '30103', quantity: 1 },
    ])
  })

  it('leave a result of tracked items as it is', () => {
    expect(withUntrackedShown(read, () => true)).toBe(read)
  })
})
