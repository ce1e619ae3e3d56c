import { cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useEqualKept } from './use-stats-data'

afterEach(cleanup)

describe('useEqualKept', () => {
  it('keeps the rows it gave while new ones are equal, and takes changed ones with their equal parts kept', () => {
    const first = [
      { key: 'a', stage: { stageId: 'main_01-07', apCost: 6 }, quantity: 10 },
      { key: 'b', stage: { stageId: 'main_02-05', apCost: 12 }, quantity: 3 },
    ]
    const hook = renderHook(({ rows }) => useEqualKept(rows), { initialProps: { rows: first } })
    expect(hook.result.current).toBe(first)

    // Built again from a whole list: new objects, the same content.
    hook.rerender({ rows: structuredClone(first) })
    expect(hook.result.current).toBe(first)

    // One row's number changed: a new list, whose unchanged row is the one on screen.
    const changed = structuredClone(first)
    changed[1]!.quantity = 4
    hook.rerender({ rows: changed })
    expect(hook.result.current).not.toBe(first)
    expect(hook.result.current[0]).toBe(first[0])
    expect(hook.result.current[1]).toEqual(changed[1])

    // And that one is kept in turn.
    const now = hook.result.current
    hook.rerender({ rows: structuredClone(changed) })
    expect(hook.result.current).toBe(now)
  })
})
