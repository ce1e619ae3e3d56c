import { describe, expect, it } from 'vitest'
import { createPartJoiner, decoderReplies, PART_CHARS, type FromDecoder } from './dataset-protocol'

const ok = (replies: FromDecoder[]) => replies.filter((r): r is Extract<FromDecoder, { ok: true }> => r.ok)

describe('a decoded dataset crossing to the page', () => {
  const stages = Array.from({ length: 4000 }, (_, i) => ({ stageId: `s${i}`, code: `${i}`, dropInfos: [{ itemId: '30012', dropType: 'NORMAL_DROP' }] }))
  const text = JSON.stringify(stages)

  it('goes in slices of about PART_CHARS of JSON when it is a large list, and is joined whole, in order', () => {
    const replies = decoderReplies(7, stages, 'json', { data: true, json: true }, text.length)
    expect(replies.length).toBe(Math.ceil(text.length / PART_CHARS))
    expect(replies.length).toBeGreaterThan(1)
    for (const r of ok(replies)) expect(JSON.stringify('part' in r ? r.part : r.data).length).toBeLessThan(PART_CHARS * 1.1)
    // The JSON for the data cache comes once, with the last message.
    expect(replies.filter((r) => 'json' in r)).toHaveLength(1)
    const joiner = createPartJoiner()
    const answers = ok(replies).map((r) => joiner.take(r))
    expect(answers.slice(0, -1).every((a) => a === null)).toBe(true)
    expect(answers.at(-1)).toEqual({ data: stages, json: 'json' })
  })

  it('goes whole when small, not a list, or not wanted on the page', () => {
    expect(decoderReplies(1, stages.slice(0, 10), undefined, { data: true, json: false }, 900)).toEqual([{ id: 1, ok: true, data: stages.slice(0, 10) }])
    expect(decoderReplies(2, { totalApCost: 1 }, undefined, { data: true, json: false }, PART_CHARS * 3)).toHaveLength(1)
    expect(decoderReplies(3, stages, 'json', { data: false, json: true }, text.length)).toEqual([{ id: 3, ok: true, json: 'json' }])
  })

  it('keeps the slices of answers arriving side by side apart, and forgets a dropped one', () => {
    const joiner = createPartJoiner()
    const a = ok(decoderReplies(1, stages, undefined, { data: true, json: false }, text.length))
    const b = ok(decoderReplies(2, stages.slice().reverse(), undefined, { data: true, json: false }, text.length))
    const got: Record<number, unknown> = {}
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      for (const r of [a[i], b[i]]) {
        const answer = r && joiner.take(r)
        if (answer) got[r.id] = answer.data
      }
    expect(got).toEqual({ 1: stages, 2: stages.slice().reverse() })
    joiner.take(a[0]!)
    joiner.drop(1)
    expect(joiner.take({ id: 1, ok: true, data: [], parts: true })).toEqual({ data: [], json: null })
  })
})
