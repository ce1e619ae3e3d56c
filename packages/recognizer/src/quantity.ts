import { connectedComponents, glyphHash, subImage } from './binary'
import { cropThreshold } from './image'
import type { Frame } from './frame'
import { rankGlyphs } from './text'
import type { GlyphTable } from './pack'

/** A quantity read from the digit box at the lower right of an item circle. */
export interface QuantityRead {
  quantity: number
  /** Worst (largest) Hamming distance among the digits; 256 when nothing was read. */
  worstDistance: number
  digits: number
}

/**
 * Reads the quantity printed at the lower right of the item whose circle centre is (cx, cy)
 * (working pixels). The crop is fixed relative to the cell, so a wrong item guess cannot move it.
 * Digits are the rightmost cluster of digit-sized blobs, read right to left.
 */
export const readQuantity = (f: Frame, cx: number, cy: number, glyphs: GlyphTable): QuantityRead => {
  const s = f.s
  const rect = { x: cx - 35 * s, y: cy + 20 * s, w: 71 * s, h: 28 * s }
  const bin = cropThreshold(f.gray, rect, 150)
  const comps = connectedComponents(bin)
    .filter((c) => c.h >= 9 * s && c.h <= 18 * s && c.w >= 1.5 * s && c.w <= 13 * s && c.area >= 0.12 * c.w * c.h)
    .sort((a, b) => b.x - a.x)
  const picked: typeof comps = []
  for (const c of comps) {
    const prev = picked[picked.length - 1]
    if (!prev) {
      picked.push(c)
      continue
    }
    if (prev.x - (c.x + c.w) > 6 * s) break
    if (Math.abs(c.y + c.h - (prev.y + prev.h)) > 3 * s) break
    picked.push(c)
  }
  if (picked.length === 0) return { quantity: 0, worstDistance: 256, digits: 0 }
  let text = ''
  let worst = 0
  for (const c of picked.reverse()) {
    const h = glyphHash(subImage(bin, c))
    if (!h) continue
    const best = rankGlyphs(h, glyphs, 1).ranked[0]!
    worst = Math.max(worst, best.distance)
    text += best.key
  }
  return { quantity: Number.parseInt(text, 10) || 0, worstDistance: worst, digits: text.length }
}
