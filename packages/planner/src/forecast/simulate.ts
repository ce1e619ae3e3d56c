/** One simulated player (doubling, then bisection on a gamma process), and quantiles of the results. */
import { BISECTIONS, CONTINUITY, feasible, MAX_DOUBLINGS, type Model } from './model'
import type { Random } from './random'

/** One simulated player: the plan fraction at which every need is met. */
export const simulateOnce = (
  model: Model,
  rng: Random,
  scratch: {
    mu: Float64Array
    offset: Float64Array
    shapeRate: Float64Array
    scale: Float64Array
    lo: Float64Array
    hi: Float64Array
    mid: Float64Array
    required: Float64Array
  },
): number => {
  const { mu, shapeRate, scale, offset, lo, hi, mid, required } = scratch
  const n = model.items.length
  const ceiling = model.ceiling
  const { muMean, muSd, dispersion } = model
  for (let i = 0; i < n; i++) {
    const sd = muSd[i] ?? 0
    mu[i] = sd > 0 ? Math.max(0, (muMean[i] ?? 0) + sd * rng.normal()) : 0
  }
  for (const p of model.pairs) mu[p.item] = (mu[p.item] ?? 0) + (p.runs * rng.gamma(p.shape)) / p.rate
  // Gamma process: over a plan fraction Δ the drops are Gamma(shape = Δ·μ/F, scale = F), F = variance over mean.
  for (let i = 0; i < n; i++) {
    const m = mu[i] ?? 0
    const f = dispersion[i] ?? 1
    if (m > 0) {
      shapeRate[i] = m / f
      scale[i] = f
      offset[i] = CONTINUITY * f
    } else {
      shapeRate[i] = 0
      scale[i] = 0
      offset[i] = 0
    }
  }
  lo.set(model.stock)
  if (feasible(model, lo, required)) return 0
  // Once farming starts, the continuous count stands for whole drops (see CONTINUITY).
  for (let i = 0; i < n; i++) lo[i] = (lo[i] ?? 0) + (offset[i] ?? 0)
  let a = 0
  let b = 1
  for (let doubling = 0; ; doubling++) {
    const width = b - a
    for (let i = 0; i < n; i++) {
      const l = lo[i] ?? 0
      // An item past its ceiling can no longer block the plan: its further drops are not drawn.
      hi[i] = l >= (ceiling[i] ?? 0) ? l : l + rng.gamma((shapeRate[i] ?? 0) * width) * (scale[i] ?? 0)
    }
    if (feasible(model, hi, required)) break
    if (doubling >= MAX_DOUBLINGS) return Number.POSITIVE_INFINITY
    lo.set(hi)
    a = b
    b *= 2
  }
  for (let step = 0; step < BISECTIONS; step++) {
    const half = (b - a) / 2
    for (let i = 0; i < n; i++) {
      const l = lo[i] ?? 0
      const increment = (hi[i] ?? 0) - l
      mid[i] = increment > 0 && l < (ceiling[i] ?? 0) ? l + increment * rng.symmetricBeta((shapeRate[i] ?? 0) * half) : l
    }
    if (feasible(model, mid, required)) {
      hi.set(mid)
      b = a + half
    } else {
      lo.set(mid)
      a += half
    }
  }
  return b
}

/** The q-quantile of sorted values (linear between order statistics). */
export const quantile = (sorted: Float64Array, q: number): number => {
  if (sorted.length === 0) return 0
  const pos = (sorted.length - 1) * q
  const lower = Math.floor(pos)
  const upper = Math.min(sorted.length - 1, lower + 1)
  const a = sorted[lower] ?? 0
  const b = sorted[upper] ?? 0
  return a === b ? a : a + (b - a) * (pos - lower)
}
