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
  /** The mask's runs over this window. */
  runs: MaskRuns
  /** Per offset and checkpoint (`runs.checks`): norm of the window minus its mean over the runs from the checkpoint on. */
  rest: Float64Array
}

/** Samples the window around (cx, cy) in working pixels, with 2×2 supersampling per template pixel. */
export const sampleWindow = (f: Frame, cx: number, cy: number, pack: LoadedPack, margin = 3): ItemWindow => {
  const size = pack.manifest.templateSize
  const side = size + 2 * margin
  const step = (ITEM_CANVAS_REF * f.s) / size
  const { width, height, data: src, stride } = f.rgb
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
          const p00 = (yi * width + xi) * stride
          const p01 = p00 + stride
          const p10 = p00 + width * stride
          const p11 = p10 + stride
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
  const runs = windowRuns(pack.mask, size, side)
  const stats: ItemWindow['stats'] = []
  const checks = runs.checks
  const rest = new Float64Array((2 * margin + 1) ** 2 * checks.length)
  const snap = new Float64Array(checks.length * 6)
  for (let dy = 0; dy <= 2 * margin; dy++) {
    for (let dx = 0; dx <= 2 * margin; dx++) {
      const base = (dy * side + dx) * 3
      let s0 = 0
      let s1 = 0
      let s2 = 0
      let q0 = 0
      let q1 = 0
      let q2 = 0
      let c = 0
      for (let r = 0; r < runs.count; r++) {
        if (r === checks[c]) {
          snap.set([s0, s1, s2, q0, q1, q2], 6 * c)
          c++
        }
        const o0 = base + runs.offset[r]!
        const o1 = o0 + runs.length[r]!
        for (let o = o0; o < o1; o += 3) {
          const a = out[o]!
          const b = out[o + 1]!
          const c = out[o + 2]!
          s0 += a
          s1 += b
          s2 += c
          q0 += a * a
          q1 += b * b
          q2 += c * c
        }
      }
      const n = runs.pixels
      const mean: [number, number, number] = [s0 / n, s1 / n, s2 / n]
      const varSum = q0 - n * mean[0] ** 2 + q1 - n * mean[1] ** 2 + q2 - n * mean[2] ** 2
      const oi = stats.length
      stats.push({ mean, norm: Math.sqrt(Math.max(varSum, 1e-6)) })
      // Norm of the window minus its mean over the mask rows after each checkpoint.
      for (let k = 0; k < checks.length; k++) {
        const nr = n - runs.start[checks[k]!]! / 3
        let v = 0
        const tot = [s0, s1, s2, q0, q1, q2]
        for (let ch = 0; ch < 3; ch++) {
          const sr = tot[ch]! - snap[6 * k + ch]!
          const qr = tot[3 + ch]! - snap[6 * k + 3 + ch]!
          v += qr - 2 * mean[ch]! * sr + nr * mean[ch]! ** 2
        }
        rest[oi * checks.length + k] = Math.sqrt(Math.max(0, v))
      }
    }
  }
  return { data: out, side, margin, stats, runs, rest }
}

/**
 * The mask as runs of consecutive pixels on one row, for a window of the given side: run r covers
 * window floats [offset[r], offset[r] + length[r]) at offset (0, 0), and template floats from
 * start[r] on (the mask is in row-major order, so both sides of a run are contiguous).
 */
export interface MaskRuns {
  count: number
  pixels: number
  offset: Int32Array
  length: Int32Array
  start: Int32Array
  /** Run indices where a match may stop early (see {@link nccAt}). */
  checks: Int32Array
}

const runCache = new WeakMap<Int32Array, Map<number, MaskRuns>>()

/** {@link MaskRuns} of a mask over a TEMPLATE_SIZE grid, laid over a window `side` pixels wide (cached). */
export const windowRuns = (mask: Int32Array, size: number, side: number): MaskRuns => {
  let bySide = runCache.get(mask)
  if (!bySide) runCache.set(mask, (bySide = new Map()))
  const hit = bySide.get(side)
  if (hit) return hit
  const offset: number[] = []
  const length: number[] = []
  const start: number[] = []
  for (let k = 0; k < mask.length;) {
    const first = mask[k]!
    let end = k + 1
    while (end < mask.length && mask[end] === mask[end - 1]! + 1 && mask[end]! % size !== 0) end++
    const y = (first / size) | 0
    offset.push((y * side + first - y * size) * 3)
    length.push((end - k) * 3)
    start.push(k * 3)
    k = end
  }
  const count = offset.length
  const checks = Int32Array.from([0.25, 0.5, 0.75].map((q) => Math.round(count * q)).filter((c, i, a) => c > 0 && c < count && a.indexOf(c) === i))
  const runs = { count, pixels: mask.length, offset: Int32Array.from(offset), length: Int32Array.from(length), start: Int32Array.from(start), checks }
  bySide.set(side, runs)
  return runs
}

/**
 * Normalised cross-correlation (zero-mean, masked, RGB) of a template at one window offset. With
 * `rowStep` n > 1 only every n-th mask row is summed (over the full-mask norms): about 1/n of the
 * score, for ranking templates cheaply.
 */
export const nccAt = (w: ItemWindow, t: ItemTemplate, dx: number, dy: number, rowStep = 1, floor = -Infinity): number => {
  const oi = dy * (2 * w.margin + 1) + dx
  const st = w.stats[oi]!
  const { count, offset, length, start, checks } = w.runs
  const tc = t.centred
  const d = w.data
  const base = (dy * w.side + dx) * 3
  const denom = t.norm * st.norm + 1e-6
  const tr = rowStep === 1 && floor > -1 ? templateRest(t, w.runs) : null
  let c = 0
  let nextCheck = tr ? checks[0]! : -1
  // The template is zero-mean per channel over the mask, so Σ t·(w − mean) = Σ t·w.
  let a0 = 0
  let a1 = 0
  let a2 = 0
  for (let r = 0; r < count; r += rowStep) {
    if (r === nextCheck) {
      // Rows left: Σ t·w = Σ t·(w − mean) + mean·Σ t ≤ |t|·|w − mean| + mean·Σ t (Cauchy–Schwarz).
      const m = st.mean
      const bound = a0 + a1 + a2 + m[0] * tr![4 * c]! + m[1] * tr![4 * c + 1]! + m[2] * tr![4 * c + 2]! + tr![4 * c + 3]! * w.rest[oi * checks.length + c]!
      if (bound / denom < floor - 1e-9) return -2
      c++
      nextCheck = c < checks.length ? checks[c]! : -1
    }
    let o = base + offset[r]!
    let k = start[r]!
    const end = k + length[r]!
    for (; k < end; k += 3, o += 3) {
      a0 += tc[k]! * d[o]!
      a1 += tc[k + 1]! * d[o + 1]!
      a2 += tc[k + 2]! * d[o + 2]!
    }
  }
  return (a0 + a1 + a2) / denom
}

const restCache = new WeakMap<ItemTemplate, { start: Int32Array; checks: Int32Array; rest: Float64Array }>()

/** Per checkpoint of `runs`: the template's channel sums and norm over the mask rows from there on (cached). */
const templateRest = (t: ItemTemplate, runs: MaskRuns): Float64Array => {
  const hit = restCache.get(t)
  if (hit && hit.start === runs.start && hit.checks === runs.checks) return hit.rest
  const rest = new Float64Array(runs.checks.length * 4)
  const tc = t.centred
  runs.checks.forEach((j, k) => {
    let ss = 0
    for (let i = runs.start[j]!; i < tc.length; i++) {
      rest[4 * k + (i % 3)]! += tc[i]!
      ss += tc[i]! ** 2
    }
    rest[4 * k + 3] = Math.sqrt(ss)
  })
  restCache.set(t, { start: runs.start, checks: runs.checks, rest })
  return rest
}

/**
 * Best score of a template over the offsets in [lo, hi]² (defaults to the whole window). With a
 * `floor`, offsets that provably score below it (or below the best offset so far) stop early, and a
 * template that cannot beat it scores -2.
 */
export const bestOffset = (
  w: ItemWindow,
  t: ItemTemplate,
  around?: { dx: number; dy: number; r: number },
  stride = 1,
  rowStep = 1,
  floor = -Infinity,
): { score: number; dx: number; dy: number } => {
  const m2 = 2 * w.margin
  let score = -2
  let bx = w.margin
  let by = w.margin
  const x0 = around ? Math.max(0, around.dx - around.r) : 0
  const x1 = around ? Math.min(m2, around.dx + around.r) : m2
  const y0 = around ? Math.max(0, around.dy - around.r) : 0
  const y1 = around ? Math.min(m2, around.dy + around.r) : m2
  for (let dy = y0; dy <= y1; dy += stride) {
    for (let dx = x0; dx <= x1; dx += stride) {
      const s = nccAt(w, t, dx, dy, rowStep, Math.max(floor, score))
      if (s > score) {
        score = s
        bx = dx
        by = dy
      }
    }
  }
  return { score, dx: bx, dy: by }
}

/**
 * The best of `templates` (highest score; of equal scores, the first in the list) and its offset,
 * or index -1 when none scores above -2. Templates are tried in the order of their score at the
 * window centre, so that a good floor is known early and most others stop early.
 */
export const bestTemplate = (w: ItemWindow, templates: readonly ItemTemplate[]): { index: number; score: number; dx: number; dy: number } => {
  const order = templates.map((t, i) => ({ t, i, s: nccAt(w, t, w.margin, w.margin) })).sort((a, b) => b.s - a.s || a.i - b.i)
  let best = { index: -1, score: -2, dx: w.margin, dy: w.margin }
  for (const { t, i } of order) {
    const r = bestOffset(w, t, undefined, 1, 1, best.score)
    if (r.score > best.score || (r.score === best.score && best.index >= 0 && i < best.index)) best = { index: i, ...r }
  }
  return best
}

/** Templates kept by the open set's cheap ranking pass (every second mask row) for the coarse pass. */
const OPEN_SET_SHORTLIST = 16

/**
 * Open set: the best of every template of the pack not in `exclude`. A cheap ranking pass (every
 * second offset and mask row) keeps a shortlist, a coarse pass (every second offset) keeps the
 * three best of it, and those get a full search.
 */
export const bestOpenSet = (w: ItemWindow, pack: LoadedPack, exclude: readonly string[]): { itemId: string | null; score: number } => {
  const rough: { t: ItemTemplate; score: number }[] = []
  for (const [id, t] of pack.templates) {
    if (!exclude.includes(id)) rough.push({ t, score: bestOffset(w, t, undefined, 2, 2).score })
  }
  rough.sort((a, b) => b.score - a.score)
  const coarse = rough.slice(0, OPEN_SET_SHORTLIST).map(({ t }) => ({ t, score: bestOffset(w, t, undefined, 2).score }))
  coarse.sort((a, b) => b.score - a.score)
  let open = { itemId: null as string | null, score: -2 }
  for (const { t } of coarse.slice(0, 3)) {
    const r = bestOffset(w, t, undefined, 1, 1, open.score)
    if (r.score > open.score) open = { itemId: t.itemId, score: r.score }
  }
  return open
}
