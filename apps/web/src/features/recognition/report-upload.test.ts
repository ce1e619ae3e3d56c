import type { RecognizedDrop } from '@dropwise/recognizer'
import { describe, expect, it } from 'vitest'
import { chunk, summarize, toBatchEntry, uploadInChunks, type ChunkAnswer } from './report-upload'

const drop = (over: Partial<RecognizedDrop>): RecognizedDrop => ({
  dropType: 'NORMAL_DROP',
  itemId: '30012',
  quantity: 1,
  confidence: { item: 1, quantity: 1 },
  inStageDrops: true,
  recognitionOnly: false,
  ...over,
})

describe('toBatchEntry', () => {
  it('reports the stage and drops without recognition-only or unidentified items, with the file as metadata', () => {
    const entry = toBatchEntry(
      {
        stage: { code: '1-7', stageId: 'main_01-07', difficulty: 'NORMAL', confidence: 1 },
        fingerprint: 'abcd',
        drops: [
          drop({ dropType: 'FURNITURE', itemId: 'furni' }),
          drop({ itemId: '30012', quantity: 2 }),
          drop({ dropType: 'SPECIAL_DROP', itemId: 'ap_supply_lt_010', recognitionOnly: true, inStageDrops: false }),
          drop({ dropType: 'EXTRA_DROP', itemId: null }),
        ],
      },
      { name: 'shot.png', lastModified: 5 },
    )
    expect(entry).toEqual({
      stageId: 'main_01-07',
      drops: [
        { dropType: 'FURNITURE', itemId: 'furni', quantity: 1 },
        { dropType: 'NORMAL_DROP', itemId: '30012', quantity: 2 },
      ],
      metadata: { fingerprint: 'abcd', fileName: 'shot.png', lastModified: 5 },
    })
    expect(toBatchEntry({ stage: null, fingerprint: 'x', drops: [] }, { name: 'a', lastModified: 0 })).toBeNull()
  })

  it('summarises by stage: times and item totals, most reported first', () => {
    const d = (itemId: string, quantity: number) => ({ dropType: 'NORMAL_DROP' as const, itemId, quantity })
    expect(
      summarize([
        { code: '1-7', stageId: 'a', drops: [d('30012', 1)] },
        { code: 'LS-4', stageId: 'b', drops: [d('2001', 2)] },
        { code: 'LS-4', stageId: 'b', drops: [d('2001', 3), d('2002', 1)] },
      ]),
    ).toEqual([
      {
        code: 'LS-4',
        stageId: 'b',
        times: 2,
        items: [
          { itemId: '2001', quantity: 5 },
          { itemId: '2002', quantity: 1 },
        ],
      },
      { code: '1-7', stageId: 'a', times: 1, items: [{ itemId: '30012', quantity: 1 }] },
    ])
  })
})

describe('uploadInChunks', () => {
  it('splits into chunks of 50', () => {
    expect(chunk(Array.from({ length: 101 }, (_, i) => i)).map((c) => c.length)).toEqual([50, 50, 1])
  })

  it('retries a chunk after a network error or a 5xx, keeps per-entry rejections, and gives up on a 400', async () => {
    const entries = Array.from({ length: 7 }, (_, i) => i)
    const calls: number[][] = []
    let failuresLeft = 2
    const post = async (c: number[]): Promise<ChunkAnswer> => {
      calls.push(c)
      if (c[0] === 0 && failuresLeft-- > 0) throw failuresLeft === 1 ? { status: null, message: 'offline' } : { status: 503, message: 'busy' }
      if (c[0] === 6) throw { status: 400, message: 'bad' }
      return { errors: c[0] === 3 ? [{ index: 1, message: 'resource not found' }] : [] }
    }
    const delays: number[] = []
    const progress: string[] = []
    const out = await uploadInChunks(entries, post, {
      size: 3,
      delay: async (a) => void delays.push(a),
      onChunk: (d, t) => progress.push(`${d}/${t}`),
    })
    expect(calls.map((c) => c[0])).toEqual([0, 0, 0, 3, 6])
    expect(delays).toEqual([1, 2])
    expect(progress).toEqual(['1/3', '2/3', '3/3'])
    expect(out.stored).toEqual([0, 1, 2, 3, 5])
    expect(out.rejected).toEqual([{ entry: 4, message: 'resource not found' }])
    expect(out.failed).toEqual([{ entries: [6], error: { status: 400, message: 'bad' } }])
  })

  it('keeps the task id of each chunk that stored something, for the recall of the whole upload', async () => {
    const answers: ChunkAnswer[] = [
      { errors: [], taskId: 'A-1' },
      { errors: [{ index: 0, message: 'no' }], taskId: 'B-2' },
      {
        errors: [
          { index: 0, message: 'no' },
          { index: 1, message: 'no' },
        ],
        taskId: 'C-3',
      },
    ]
    let n = 0
    const out = await uploadInChunks([1, 2, 3, 4, 5, 6], async () => answers[n++] ?? { errors: [] }, { size: 2 })
    expect(out.taskIds).toEqual(['A-1', 'B-2'])
    expect(out.stored).toEqual([1, 2, 4])
  })

  it('reports a chunk as failed after the last retry', async () => {
    let n = 0
    const out = await uploadInChunks(
      [1, 2],
      async () => {
        n++
        throw new Error('offline')
      },
      { retries: 2 },
    )
    expect(n).toBe(3)
    expect(out.failed).toEqual([{ entries: [1, 2], error: { status: null, message: 'offline' } }])
    expect(out.stored).toEqual([])
  })
})
