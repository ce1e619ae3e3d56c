/**
 * Seeded random numbers for the finish forecast: a small fast generator (sfc32, seeded through splitmix32) and the
 * normal, gamma and symmetric beta draws the simulation needs. Pure: the same seed gives the same stream anywhere.
 */

/** A seeded source of uniform, normal, gamma and beta draws. */
export interface Random {
  /** Uniform in [0, 1). */
  uniform(): number
  /** Standard normal. */
  normal(): number
  /** Gamma with this shape (> 0) and scale 1. Shape 0 gives 0. */
  gamma(shape: number): number
  /** Beta(α, α), the split of a gamma increment into two halves of equal shape. */
  symmetricBeta(alpha: number): number
}

/** Creates a generator from a seed (any finite number; its 32 low bits and the rest of its value both count). */
export const createRandom = (seed: number): Random => {
  // splitmix32 turns one seed into four well-mixed state words.
  let s = (Math.trunc(seed) ^ Math.trunc(seed / 2 ** 32)) >>> 0
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0
    let z = s
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
    return (z ^ (z >>> 16)) >>> 0
  }
  let a = splitmix()
  let b = splitmix()
  let c = splitmix()
  let d = splitmix()
  const next32 = (): number => {
    // sfc32 (Chris Doty-Humphrey's small fast chaotic generator).
    const t = (((a + b) >>> 0) + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) >>> 0
    return t
  }
  for (let i = 0; i < 12; i++) next32()

  const uniform = (): number => next32() / 2 ** 32
  let spare: number | undefined
  const normal = (): number => {
    if (spare !== undefined) {
      const z = spare
      spare = undefined
      return z
    }
    // Marsaglia's polar method: two normals per accepted pair.
    for (;;) {
      const u = 2 * uniform() - 1
      const v = 2 * uniform() - 1
      const r = u * u + v * v
      if (r > 0 && r < 1) {
        const f = Math.sqrt((-2 * Math.log(r)) / r)
        spare = v * f
        return u * f
      }
    }
  }
  const gamma = (shape: number): number => {
    if (!(shape > 0)) return 0
    if (shape < 1) {
      // Gamma(a) = Gamma(a + 1) · U^(1/a).
      const u = uniform()
      return gamma(shape + 1) * (u > 0 ? Math.pow(u, 1 / shape) : 0)
    }
    // Marsaglia and Tsang (2000).
    const dd = shape - 1 / 3
    const cc = 1 / Math.sqrt(9 * dd)
    for (;;) {
      const x = normal()
      let v = 1 + cc * x
      if (v <= 0) continue
      v = v * v * v
      const u = uniform()
      if (u < 1 - 0.0331 * x * x * x * x) return dd * v
      if (u > 0 && Math.log(u) < 0.5 * x * x + dd * (1 - v + Math.log(v))) return dd * v
    }
  }
  const symmetricBeta = (alpha: number): number => {
    // Beyond α = 20 the beta is normal to within what the forecast can see (skew 0, excess kurtosis −6/(2α+3) > −0.14).
    if (alpha > 20) return Math.min(1, Math.max(0, 0.5 + normal() * Math.sqrt(1 / (4 * (2 * alpha + 1)))))
    const x = gamma(alpha)
    const y = gamma(alpha)
    const sum = x + y
    // Tiny shapes: both draws underflow; Beta(α, α) is then a fair coin between 0 and 1.
    if (!(sum > 0)) return uniform() < 0.5 ? 0 : 1
    return x / sum
  }
  return { uniform, normal, gamma, symmetricBeta }
}
