/**
 * mulberry32: a small seeded pseudo-random generator, so simulations and fuzz runs are reproducible
 * from their seed. Returns numbers in [0, 1). Not for anything that needs unpredictability.
 */
export const seededRandom = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = seed
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
