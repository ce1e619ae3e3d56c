/** The site counter's animation (spec 000 §4, §9): old → new over 1700 ms after 1000 ms, quint easing. */
export const COUNTER_DELAY_MS = 1000
export const COUNTER_DURATION_MS = 1700

/** easeOutQuint: fast start, gentle landing; 0 → 0, 1 → 1. */
export const easeOutQuint = (t: number) => 1 - (1 - Math.min(1, Math.max(0, t))) ** 5

/** The counter's value `elapsed` ms after the target changed from `from` to `to` (rounded). */
export const counterValue = (from: number, to: number, elapsed: number, delay = COUNTER_DELAY_MS, duration = COUNTER_DURATION_MS) => {
  if (elapsed <= delay) return from
  if (elapsed >= delay + duration) return to
  return Math.round(from + (to - from) * easeOutQuint((elapsed - delay) / duration))
}

/** A zero total shows as `---` (nothing counted yet, or statistics still being generated). */
export const counterText = (value: number, format: (n: number) => string) => (value > 0 ? format(value) : '---')

/** Reports in the last 24 hours: the sum of `totalStageTimes_24h[].times`. */
export const total24h = (stats: { totalStageTimes_24h: readonly { times: number }[] } | undefined) =>
  stats ? stats.totalStageTimes_24h.reduce((s, r) => s + r.times, 0) : 0
