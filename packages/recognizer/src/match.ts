import type { Frame } from './frame'
import type { ItemTemplate, LoadedPack } from './pack'

/** Item canvas side in reference pixels (the 183-px icon geometry as drawn on the result screen). */
export const ITEM_CANVAS_REF = 114

/** A resampled search window around an expected item centre, at template scale. */
export interface ItemWindow {
  /** RGB floats, (size + 2·margin)² × 3. */
  data: Float32Array
  side: number
  margin: number
  /** Per offset (dy·(2m+1)+dx): mean per channel and norm over the mask. */
  stats: { mean: [number, number, number]; norm: number }[]
}

/** Samples the window around (cx, cy) in working pixels, with 2×2 supersampling per template pixel. */
export const sampleWindow = (f: Frame, cx: number, cy: number, pack: LoadedPack, margin = 3): ItemWindow => {
  const size = pack.manifest.templateSize
  const side = size + 2 * margin
  const step = (ITEM_CANVAS_REF * f.s) / size
  const { width, height, data: src } = f.rgb
  const out = new Float32Array(side * side * 3)
  const x0 = cx - (side / 2) * step
  const y0 = cy - (side / 2) * step
  for (let v = 0; v < side; v++) {
    for (let u = 0; u < side; u++) {
      let r = 0
      let g = 0
      let b = 0
      for (let j = 0; j < 2; j++) {
        for (let i = 0; i < 2; i++) {
          const sx = x0 + (u + 0.25 + 0.5 * i) * step - 0.5
          const sy = y0 + (v + 0.25 + 0.5 * j) * step - 0.5
          const xi = Math.max(0, Math.min(width - 2, Math.floor(sx)))
          const yi = Math.max(0, Math.min(height - 2, Math.floor(sy)))
          const fx = Math.max(0, Math.min(1, sx - xi))
          const fy = Math.max(0, Math.min(1, sy - yi))
          const p00 = (yi * width + xi) * 3
          const p01 = p00 + 3
          const p10 = p00 + width * 3
          const p11 = p10 + 3
          const w00 = (1 - fx) * (1 - fy)
          const w01 = fx * (1 - fy)
          const w10 = (1 - fx) * fy
          const w11 = fx * fy
          r += src[p00]! * w00 + src[p01]! * w01 + src[p10]! * w10 + src[p11]! * w11
          g += src[p00 + 1]! * w00 + src[p01 + 1]! * w01 + src[p10 + 1]! * w10 + src[p11 + 1]! * w11
          b += src[p00 + 2]! * w00 + src[p01 + 2]! * w01 + src[p10 + 2]! * w10 + src[p11 + 2]! * w11
        }
      }
      const o = (v * side + u) * 3
      out[o] = r / 4
      out[o + 1] = g / 4
      out[o + 2] = b / 4
    }
  }
  const stats: ItemWindow['stats'] = []
  const mask = pack.mask
  const n = mask.length
  for (let dy = 0; dy <= 2 * margin; dy++) {
    for (let dx = 0; dx <= 2 * margin; dx++) {
      const s = [0, 0, 0]
      const ss = [0, 0, 0]
      for (let k = 0; k < n; k++) {
        const m = mask[k]!
        const my = (m / size) | 0
        const mx = m - my * size
        const o = ((my + dy) * side + mx + dx) * 3
        for (let c = 0; c < 3; c++) {
          const val = out[o + c]!
          s[c]! += val
          ss[c]! += val * val
        }
      }
      const mean: [number, number, number] = [s[0]! / n, s[1]! / n, s[2]! / n]
      const varSum = ss[0]! - n * mean[0] ** 2 + ss[1]! - n * mean[1] ** 2 + ss[2]! - n * mean[2] ** 2
      stats.push({ mean, norm: Math.sqrt(Math.max(varSum, 1e-6)) })
    }
  }
  return { data: out, side, margin, stats }
}

/** Normalised cross-correlation (zero-mean, masked, RGB) of a template at one window offset. */
export const nccAt = (w: ItemWindow, t: ItemTemplate, mask: Int32Array, size: number, dx: number, dy: number): number => {
  const st = w.stats[dy * (2 * w.margin + 1) + dx]!
  const n = mask.length
  const tc = t.centred
  const d = w.data
  let acc = 0
  for (let k = 0; k < n; k++) {
    const m = mask[k]!
    const my = (m / size) | 0
    const mx = m - my * size
    const o = ((my + dy) * w.side + mx + dx) * 3
    acc += tc[k * 3]! * d[o]! + tc[k * 3 + 1]! * d[o + 1]! + tc[k * 3 + 2]! * d[o + 2]!
  }
  return acc / (t.norm * st.norm + 1e-6)
}

/** Best score of a template over the offsets in [lo, hi]² (defaults to the whole window). */
export const bestOffset = (
  w: ItemWindow,
  t: ItemTemplate,
  pack: LoadedPack,
  around?: { dx: number; dy: number; r: number },
  stride = 1,
): { score: number; dx: number; dy: number } => {
  const size = pack.manifest.templateSize
  const m2 = 2 * w.margin
  let best = { score: -2, dx: w.margin, dy: w.margin }
  const x0 = around ? Math.max(0, around.dx - around.r) : 0
  const x1 = around ? Math.min(m2, around.dx + around.r) : m2
  const y0 = around ? Math.max(0, around.dy - around.r) : 0
  const y1 = around ? Math.min(m2, around.dy + around.r) : m2
  for (let dy = y0; dy <= y1; dy += stride) {
    for (let dx = x0; dx <= x1; dx += stride) {
      const s = nccAt(w, t, pack.mask, size, dx, dy)
      if (s > best.score) best = { score: s, dx, dy }
    }
  }
  return best
}
