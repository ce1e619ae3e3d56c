import { describe, expect, it } from 'vitest'
import { COUNTER_DELAY_MS, COUNTER_DURATION_MS, counterText, counterValue, easeOutQuint, total24h } from './counter'

describe('site counter', () => {
  it('uses the spec timing', () => {
    expect([COUNTER_DELAY_MS, COUNTER_DURATION_MS]).toEqual([1000, 1700])
  })

  it('eases out with the fifth power', () => {
    expect(easeOutQuint(0)).toBe(0)
    expect(easeOutQuint(1)).toBe(1)
    expect(easeOutQuint(0.5)).toBeCloseTo(1 - 0.5 ** 5, 12)
    expect(easeOutQuint(0.2)).toBeCloseTo(1 - 0.8 ** 5, 12)
    expect(easeOutQuint(-1)).toBe(0)
    expect(easeOutQuint(2)).toBe(1)
    for (let t = 0.05; t <= 1; t += 0.05) expect(easeOutQuint(t)).toBeGreaterThan(easeOutQuint(t - 0.05))
  })

  it('holds the old value during the delay, then eases to the new one', () => {
    expect(counterValue(100, 1100, 0)).toBe(100)
    expect(counterValue(100, 1100, 1000)).toBe(100)
    // Half way through the 1700 ms: 100 + 1000 × (1 − 0.5⁵) = 1068.75 → 1069.
    expect(counterValue(100, 1100, 1000 + 850)).toBe(1069)
    expect(counterValue(100, 1100, 2700)).toBe(1100)
    expect(counterValue(100, 1100, 99_999)).toBe(1100)
    // Downwards too (a new day can have fewer reports).
    expect(counterValue(500, 400, 1000 + 850)).toBe(403)
  })

  it('shows --- for zero and a formatted number otherwise', () => {
    const fmt = (n: number) => n.toLocaleString('en')
    expect(counterText(0, fmt)).toBe('---')
    expect(counterText(12345, fmt)).toBe('12,345')
  })

  it('sums the last-24-hours runs of every stage', () => {
    expect(total24h({ totalStageTimes_24h: [{ times: 3 }, { times: 4 }] })).toBe(7)
    expect(total24h({ totalStageTimes_24h: [] })).toBe(0)
    expect(total24h(undefined)).toBe(0)
  })
})
