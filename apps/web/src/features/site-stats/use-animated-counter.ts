import { useEffect, useRef, useState } from 'react'
import { COUNTER_DELAY_MS, COUNTER_DURATION_MS, counterValue } from './counter'

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * Follows `target` with the counter animation; it never animates back to zero (a refetch that has
 * no number yet keeps the last one). With reduced motion the value changes at once.
 */
export const useAnimatedCounter = (target: number) => {
  const [value, setValue] = useState(0)
  const shown = useRef(0)
  useEffect(() => {
    if (target <= 0 || target === shown.current) return
    const from = shown.current
    const set = (v: number) => {
      shown.current = v
      setValue(v)
    }
    if (reducedMotion()) {
      set(target)
      return
    }
    const start = performance.now()
    let frame = 0
    const tick = (now: number) => {
      const elapsed = now - start
      set(counterValue(from, target, elapsed))
      if (elapsed < COUNTER_DELAY_MS + COUNTER_DURATION_MS) frame = requestAnimationFrame(tick)
    }
    // Nothing moves during the delay; the frames start when it is over.
    const timer = setTimeout(() => (frame = requestAnimationFrame(tick)), COUNTER_DELAY_MS)
    return () => {
      clearTimeout(timer)
      cancelAnimationFrame(frame)
    }
  }, [target])
  return value
}
