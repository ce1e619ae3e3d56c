import { describe, expect, it } from 'vitest'
import { loadPack } from './pack'
import { fingerprint, recognize } from './recognize'
import { drawScene, LINE, syntheticPack, type Scene } from './testing/synthetic'

const built = syntheticPack()
const pack = loadPack(built.manifest, built.templates)
const codes = (scene: Scene) => recognize(drawScene(scene), pack, { server: 'CN' }).exceptions.map((e) => e.code)

const normalScene: Scene = {
  groups: [
    {
      colour: LINE.LMB,
      items: [
        { id: 'itemC', quantity: 72 },
        { id: 'itemC', quantity: 72 },
      ],
    },
    {
      colour: LINE.NORMAL,
      items: [
        { id: 'itemA', quantity: 2 },
        { id: 'itemB', quantity: 13 },
      ],
    },
    { colour: LINE.EXTRA, items: [{ id: 'itemC', quantity: 1 }] },
  ],
}

describe('recognize on synthetic result screens', () => {
  it.each([1, 1.5, 2])('reads stage, stars, groups, items and quantities at scale %s', (scale) => {
    const r = recognize(drawScene({ ...normalScene, scale }), pack, { server: 'CN' })
    expect(r.exceptions).toEqual([])
    expect(r.stage).toMatchObject({ code: '1-7', stageId: 'main_01-07', difficulty: 'NORMAL' })
    expect(r.stars?.lit).toBe(3)
    expect(r.groups.map((g) => [g.dropType, g.itemCount])).toEqual([
      ['LMB', 2],
      ['NORMAL_DROP', 2],
      ['EXTRA_DROP', 1],
    ])
    expect(r.drops.map((d) => [d.dropType, d.itemId, d.quantity])).toEqual([
      ['NORMAL_DROP', 'itemA', 2],
      ['NORMAL_DROP', 'itemB', 13],
      ['EXTRA_DROP', 'itemC', 1],
    ])
    expect(r.drops.every((d) => d.inStageDrops && d.confidence.item > 0.9)).toBe(true)
  })

  it.each([1, 2])('marks where it read each field (evidence boxes in working pixels) at scale %s', (scale) => {
    const r = recognize(drawScene({ ...normalScene, scale }), pack, { server: 'CN' })
    expect(r.evidence).toMatchObject({ width: 1280, height: 720 })
    const of = (kind: string) => r.evidence.boxes.filter((b) => b.kind === kind)
    const contains = (b: { x: number; y: number; w: number; h: number }, x: number, y: number) => b.x <= x && x <= b.x + b.w && b.y <= y && y <= b.y + b.h
    // The code "1-7" is drawn from x = 150 at y = 74 (working pixels = reference pixels at any scale).
    expect(of('stage')).toHaveLength(1)
    expect(contains(of('stage')[0]!, 155, 80)).toBe(true)
    expect(of('stage')[0]!.w).toBeLessThan(120)
    expect(of('group').map((b) => b.index)).toEqual([0, 1, 2])
    // One item and one quantity box per drop, each around the drawn item centre.
    const centres = [60 + 15 + 2 * 137.5 + 68.75, 60 + 15 + 3 * 137.5 + 68.75, 60 + 30 + 4 * 137.5 + 68.75]
    expect(of('item').map((b) => b.index)).toEqual([0, 1, 2])
    of('item').forEach((b, i) => expect(contains(b, centres[i]!, 573)).toBe(true))
    of('item').forEach((b, i) => expect(contains(b, centres[i]! + 80, 573)).toBe(false))
    expect(of('quantity')).toHaveLength(3)
    expect(of('stars')).toHaveLength(1)
  })

  it('gives an empty evidence frame of the working size when the screen is not a result screen', () => {
    const blank = { width: 2560, height: 1440, data: new Uint8ClampedArray(2560 * 1440 * 4) }
    expect(recognize(blank, pack, { server: 'CN' }).evidence).toEqual({ width: 1280, height: 720, boxes: [] })
  })

  it('gives the same fingerprint for the same pixels and another for other pixels', () => {
    const a = recognize(drawScene(normalScene), pack, { server: 'CN' }).fingerprint
    expect(recognize(drawScene(normalScene), pack, { server: 'CN' }).fingerprint).toBe(a)
    expect(recognize(drawScene({ ...normalScene, litStars: 2 }), pack, { server: 'CN' }).fingerprint).not.toBe(a)
  })

  it('keeps the fingerprint of earlier versions (byte-wise FNV-1a), whatever the buffer alignment', () => {
    const bytes = new Uint8Array(17)
    for (let i = 0; i < 16; i++) bytes[i + 1] = i * 17
    // Value of the byte-at-a-time implementation the uploads' metadata was made with.
    expect(fingerprint({ width: 2, height: 2, data: bytes.slice(1) })).toBe('feb2245520453011')
    expect(fingerprint({ width: 2, height: 2, data: bytes.subarray(1) })).toBe('feb2245520453011')
  })

  it('rejects a screen without the layout anchor', () => {
    const blank = { width: 1280, height: 720, data: new Uint8ClampedArray(1280 * 720 * 4) }
    expect(recognize(blank, pack, { server: 'CN' }).exceptions.map((e) => e.code)).toEqual(['Result::False'])
  })

  it('flags a clear with fewer than 3 stars', () => {
    expect(codes({ ...normalScene, litStars: 2 })).toContain('3stars::False')
  })

  it('flags a screen without any drop-type underline', () => {
    expect(codes({ groups: [] })).toEqual(['Droptypes::NotFound'])
  })

  it('flags an unknown drop-type colour', () => {
    expect(codes({ groups: [{ colour: LINE.UNKNOWN, items: [{ id: 'itemA', quantity: 1 }] }] })).toContain('Droptypes::Illegal')
  })

  it('never returns a clean result when an item follows the last underline (a lost group)', () => {
    expect(codes({ ...normalScene, strayItem: { id: 'itemA', quantity: 3 } })).toContain('Droptypes::Illegal')
  })

  it('flags an item that matches no template', () => {
    const r = recognize(drawScene({ groups: [{ colour: LINE.NORMAL, items: [{ id: 'unknown', quantity: 1 }] }] }), pack, { server: 'CN' })
    expect(r.exceptions.map((e) => e.code)).toEqual(['DropAreaDrops::LowConfidence'])
    expect(r.drops[0]?.itemId).toBeNull()
  })

  it('accepts an item outside the stage list only through the open-set fallback, and marks it', () => {
    const r = recognize(
      drawScene({
        groups: [
          { colour: LINE.NORMAL, items: [{ id: 'itemA', quantity: 1 }] },
          { colour: LINE.SPECIAL, items: [{ id: 'eventX', quantity: 6 }] },
        ],
      }),
      pack,
      { server: 'CN' },
    )
    expect(r.exceptions).toEqual([])
    expect(r.drops.map((d) => [d.dropType, d.itemId, d.quantity, d.inStageDrops])).toEqual([
      ['NORMAL_DROP', 'itemA', 1, true],
      ['SPECIAL_DROP', 'eventX', 6, false],
    ])
    const closed = recognize(drawScene({ groups: [{ colour: LINE.SPECIAL, items: [{ id: 'eventX', quantity: 6 }] }] }), pack, {
      server: 'CN',
      openSetThreshold: 2,
    })
    expect(closed.exceptions.map((e) => e.code)).toContain('DropAreaDrops::LowConfidence')
  })

  it('flags drops on a stage whose drop list is empty', () => {
    expect(codes({ code: 'O-1', groups: [{ colour: LINE.SPECIAL, items: [{ id: 'itemA', quantity: 1 }] }] })).toContain('DropAreaDrops::Illegal')
  })

  it('resolves a misread character through the stage index', () => {
    // "0-1" is not in the index; "O-1" is, and O is the next candidate for the drawn glyph only if close.
    const r = recognize(drawScene({ code: 'O-1', groups: [{ colour: LINE.LMB, items: [{ id: 'itemC', quantity: 5 }] }] }), pack, {
      server: 'CN',
    })
    expect(r.stage?.stageId).toBe('zero_01')
  })
})
