import { describe, expect, it } from 'vitest'
import type { Frame } from './frame'
import { toGray, type RgbImage } from './image'
import { bestOffset, bestTemplate, ITEM_CANVAS_REF, nccAt, sampleWindow, type ItemWindow } from './match'
import { loadPack, TEMPLATE_SIZE, type ItemTemplate, type PackManifest } from './pack'
import { makeIcon, rng } from './testing/synthetic'

// Twelve made-up icons; the screen shows icon 5 (slightly off centre) over noise.
const ids = Array.from({ length: 12 }, (_, i) => `item${i}`)
const bytes = TEMPLATE_SIZE * TEMPLATE_SIZE * 3
const templateBytes = new Uint8Array(ids.length * bytes)
ids.forEach((_, i) => templateBytes.set(makeIcon(50 + i), i * bytes))
const manifest: PackManifest = {
  format: 'dropwise-recognizer-pack',
  version: 1,
  templateSize: TEMPLATE_SIZE,
  items: ids.map((itemId, i) => ({ itemId, offset: i * bytes })),
  glyphs: { result: {}, stage: {}, digits: {} },
  stages: {},
}
const pack = loadPack(manifest, templateBytes)
const templates = ids.map((id) => pack.templates.get(id)!)

/** A 4-byte-per-pixel frame showing `icon` at (cx, cy), drawn at the item scale, with noise of `noise` levels. */
const frameWith = (icon: Uint8Array, cx: number, cy: number, noise: number, seed: number): Frame => {
  const width = 260
  const height = 200
  const r = rng(seed)
  const data = new Uint8Array(width * height * 4)
  const step = ITEM_CANVAS_REF / TEMPLATE_SIZE
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = Math.floor((x - cx) / step + TEMPLATE_SIZE / 2)
      const v = Math.floor((y - cy) / step + TEMPLATE_SIZE / 2)
      const inside = u >= 0 && v >= 0 && u < TEMPLATE_SIZE && v < TEMPLATE_SIZE
      for (let c = 0; c < 3; c++) {
        const base = inside ? icon[(v * TEMPLATE_SIZE + u) * 3 + c]! : 60
        data[(y * width + x) * 4 + c] = Math.max(0, Math.min(255, Math.round(base + (r() - 0.5) * noise)))
      }
      data[(y * width + x) * 4 + 3] = 255
    }
  }
  const rgb: RgbImage = { width, height, data, stride: 4 }
  return { rgb, gray: toGray(rgb), s: 1, tx: 0, ty: 0 }
}

/** Every template at every offset, no early stop: the reference the bounded search must equal. */
const exhaustive = (w: ItemWindow, ts: ItemTemplate[]) => {
  let best = { itemId: null as string | null, score: -2 }
  for (const t of ts) {
    for (let dy = 0; dy <= 2 * w.margin; dy++) {
      for (let dx = 0; dx <= 2 * w.margin; dx++) {
        const s = nccAt(w, t, dx, dy)
        if (s > best.score) best = { itemId: t.itemId, score: s }
      }
    }
  }
  return best
}

describe('item template matching', () => {
  it.each([
    [0, 130, 100, 2],
    [40, 128, 103, 7],
    [160, 131, 98, 9],
  ])('stopping early at noise %s finds the same best item and score as the exhaustive search', (noise, cx, cy, seed) => {
    const f = frameWith(makeIcon(55), cx, cy, noise, seed)
    const w = sampleWindow(f, 130, 100, pack)
    const want = exhaustive(w, templates)
    let got = { itemId: null as string | null, score: -2 }
    for (const t of templates) {
      const r = bestOffset(w, t, undefined, 1, 1, got.score)
      if (r.score > got.score) got = { itemId: t.itemId, score: r.score }
    }
    expect(got).toEqual(want)
    if (noise === 0) expect(want).toMatchObject({ itemId: 'item5' })
    expect(want.score).toBeGreaterThan(0.5)
  })

  it('picks the best template whatever order it tries them in, and of two equal ones the first listed', () => {
    const f = frameWith(makeIcon(55), 131, 99, 30, 5)
    const w = sampleWindow(f, 130, 100, pack)
    const copy = { ...templates[5]!, itemId: 'copy' }
    const list = [...templates.slice(0, 5), copy, ...templates.slice(5)]
    const got = bestTemplate(w, list)
    expect(list[got.index]!.itemId).toBe('copy')
    expect(got.score).toBe(exhaustive(w, list).score)
    const copyLast = [...templates, copy]
    expect(copyLast[bestTemplate(w, copyLast).index]!.itemId).toBe('item5')
    expect(bestTemplate(w, [])).toMatchObject({ index: -1, score: -2 })
  })

  it('gives up on a template only when it scores below the floor, else returns its exact score', () => {
    const f = frameWith(makeIcon(55), 129, 101, 60, 3)
    const w = sampleWindow(f, 130, 100, pack)
    let stopped = 0
    for (const t of templates) {
      for (let dy = 0; dy <= 2 * w.margin; dy++) {
        for (let dx = 0; dx <= 2 * w.margin; dx++) {
          const exact = nccAt(w, t, dx, dy)
          for (const floor of [-0.5, 0, 0.3, 0.6, 0.9]) {
            const s = nccAt(w, t, dx, dy, 1, floor)
            if (s === -2) {
              stopped++
              expect(exact).toBeLessThan(floor)
            } else {
              expect(s).toBe(exact)
            }
          }
        }
      }
    }
    // The bound is worth having: most (template, offset, floor) triples far below the best stop early.
    expect(stopped).toBeGreaterThan(12 * 49)
  })

  it('reads RGBA pixels in place with the same grey levels as packed RGB', () => {
    const r = rng(4)
    const rgba = Uint8Array.from({ length: 7 * 5 * 4 }, () => Math.floor(r() * 256))
    const rgb = new Uint8Array(7 * 5 * 3)
    for (let i = 0; i < 35; i++) rgb.set(rgba.subarray(i * 4, i * 4 + 3), i * 3)
    const a = toGray({ width: 7, height: 5, data: rgba, stride: 4 })
    expect([...a.data]).toEqual([...toGray({ width: 7, height: 5, data: rgb, stride: 3 }).data])
    // An unaligned RGBA view takes the byte-wise path and agrees too.
    const shifted = new Uint8Array(rgba.length + 1)
    shifted.set(rgba, 1)
    expect([...toGray({ width: 7, height: 5, data: shifted.subarray(1), stride: 4 }).data]).toEqual([...a.data])
  })
})
