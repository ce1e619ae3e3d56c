import type { TimedDropTableEntry } from '@dropwise/report'
import { describe, expect, it } from 'vitest'
import { checkBatch, dropInfoViolation, dropTableFor, sameFingerprints, tooCloseTimestamps, type BatchImage } from './batch'
import type { RecognizedDrop } from './result'

const drop = (dropType: RecognizedDrop['dropType'], itemId: string | null, quantity: number, recognitionOnly = false): RecognizedDrop => ({
  dropType,
  itemId,
  quantity,
  confidence: { item: 1, quantity: 1 },
  inStageDrops: !recognitionOnly,
  recognitionOnly,
})

const image = (over: {
  fingerprint?: string
  stageId?: string | null
  drops?: RecognizedDrop[]
  lastModified?: number | null
  exceptions?: BatchImage['result']['exceptions']
}): BatchImage => ({
  server: 'CN',
  lastModified: over.lastModified ?? null,
  result: {
    fingerprint: over.fingerprint ?? Math.random().toString(16),
    stage: over.stageId === null ? null : { code: '1-7', stageId: over.stageId ?? 'main_01-07', difficulty: 'NORMAL', confidence: 1 },
    drops: over.drops ?? [],
    exceptions: over.exceptions ?? [],
  },
})

const T0 = 1_700_000_000_000
const table: TimedDropTableEntry[] = [
  { server: 'CN', stageId: 'main_01-07', itemId: null, dropType: 'NORMAL_DROP', bounds: { lower: 1, upper: 1 }, start: 0, end: null },
  { server: 'CN', stageId: 'main_01-07', itemId: null, dropType: 'SPECIAL_DROP', bounds: { lower: 0, upper: 0 }, start: 0, end: T0 },
  { server: 'CN', stageId: 'main_01-07', itemId: null, dropType: 'SPECIAL_DROP', bounds: { lower: 0, upper: 0 }, start: T0 + 1e9, end: null },
  { server: 'CN', stageId: 'main_01-07', itemId: '30012', dropType: 'NORMAL_DROP', bounds: { lower: 1, upper: 2 }, start: 0, end: null },
  { server: 'CN', stageId: 'main_01-07', itemId: '2001', dropType: 'EXTRA_DROP', bounds: { lower: 1, upper: 2 }, start: 0, end: null },
  // An event window: the special drop is allowed only then.
  { server: 'CN', stageId: 'main_01-07', itemId: null, dropType: 'SPECIAL_DROP', bounds: { lower: 0, upper: 1 }, start: T0, end: T0 + 1e9 },
  { server: 'CN', stageId: 'main_01-07', itemId: 'randomMaterial_8', dropType: 'SPECIAL_DROP', bounds: { lower: 0, upper: 1 }, start: T0, end: T0 + 1e9 },
  { server: 'CN', stageId: 'main_01-07', itemId: 'act_token', dropType: 'RECOGNITION_ONLY', bounds: null, start: 0, end: null },
]

describe('Fingerprint::Same', () => {
  it('flags every image after the first with the same fingerprint', () => {
    const out = sameFingerprints([image({ fingerprint: 'a' }), image({ fingerprint: 'b' }), image({ fingerprint: 'a' }), image({ fingerprint: 'a' })])
    expect(out.map((e) => e.map((x) => x.code))).toEqual([[], [], ['Fingerprint::Same'], ['Fingerprint::Same']])
    expect(out[2]![0]!.detail).toContain('image 1')
  })
})

describe('FileTimestamp::TooClose', () => {
  it('flags the later of two results of the same stage less than 10 s apart, in time order', () => {
    const out = tooCloseTimestamps([
      image({ lastModified: T0 + 9_999 }),
      image({ lastModified: T0 }),
      image({ lastModified: T0 + 30_000 }),
      image({ lastModified: T0 + 5_000, stageId: 'main_04-04' }),
    ])
    expect(out.map((e) => e.map((x) => x.code))).toEqual([['FileTimestamp::TooClose'], [], [], []])
  })

  it('does not compare images without a timestamp or a stage, and honours the 10 s boundary', () => {
    const out = tooCloseTimestamps([
      image({ lastModified: T0 }),
      image({ lastModified: T0 + 10_000 }),
      image({ lastModified: null }),
      image({ lastModified: T0 + 10_001, stageId: null }),
    ])
    expect(out.flat()).toEqual([])
  })
})

describe('DropInfos::Violation', () => {
  it('accepts drops inside the bounds and ignores recognition-only drops', () => {
    const im = image({ drops: [drop('NORMAL_DROP', '30012', 2), drop('EXTRA_DROP', '2001', 1), drop('SPECIAL_DROP', 'act_token', 6, true)] })
    expect(dropInfoViolation(im, table)).toEqual([])
  })

  it('flags a quantity above the bound and a drop type that must be empty', () => {
    expect(dropInfoViolation(image({ drops: [drop('NORMAL_DROP', '30012', 3), drop('EXTRA_DROP', '2001', 1)] }), table).map((e) => e.code)).toEqual([
      'DropInfos::Violation',
    ])
    const special = image({ drops: [drop('NORMAL_DROP', '30012', 1), drop('EXTRA_DROP', '2001', 1), drop('SPECIAL_DROP', 'randomMaterial_8', 1)] })
    expect(dropInfoViolation(special, table)).toHaveLength(1)
    // The same result during the event window is fine.
    expect(dropInfoViolation({ ...special, lastModified: T0 + 1000 }, table)).toEqual([])
  })

  it('uses the table open at the timestamp, or the open-ended one without it', () => {
    expect(dropTableFor(table, 'CN', 'main_01-07', null)).toHaveLength(4)
    expect(dropTableFor(table, 'CN', 'main_01-07', T0 + 1)).toHaveLength(5)
    expect(dropTableFor(table, 'US', 'main_01-07', null)).toEqual([])
  })

  it('does not run on a result that already has an exception', () => {
    const im = image({
      drops: [drop('NORMAL_DROP', '30012', 9)],
      exceptions: [{ code: 'DropAreaDrops::LowConfidence', severity: 'error', where: 'drops.0', detail: '' }],
    })
    expect(dropInfoViolation(im, table)).toEqual([])
  })
})

describe('checkBatch', () => {
  it('returns the three checks per image', () => {
    const out = checkBatch(
      [
        image({ fingerprint: 'x', lastModified: T0, drops: [drop('NORMAL_DROP', '30012', 1), drop('EXTRA_DROP', '2001', 1)] }),
        image({ fingerprint: 'x', lastModified: T0 + 1, drops: [drop('NORMAL_DROP', '30012', 1), drop('EXTRA_DROP', '2001', 1)] }),
        image({ fingerprint: 'y', lastModified: T0 + 60_000, drops: [drop('NORMAL_DROP', '30012', 5)] }),
      ],
      { dropInfos: table },
    )
    expect(out.map((e) => e.map((x) => x.code))).toEqual([[], ['Fingerprint::Same', 'FileTimestamp::TooClose'], ['DropInfos::Violation']])
    expect(checkBatch([image({ drops: [drop('NORMAL_DROP', '30012', 5)] })])).toEqual([[]])
  })
})
