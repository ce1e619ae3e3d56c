import { act, useLayoutEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useStepwise } from './stepwise'

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

const commits: number[] = []
function Parts({ total, step, first }: { total: number; step: number; first?: number }) {
  const shown = useStepwise(total, step, first)
  useLayoutEffect(() => void commits.push(shown))
  return <p>{shown}</p>
}

let cleanup: (() => void) | null = null
afterEach(() => {
  cleanup?.()
  cleanup = null
  commits.length = 0
})

const mount = async (total: number, step: number, first?: number) => {
  const el = document.createElement('div')
  const root = createRoot(el)
  cleanup = () => act(() => root.unmount())
  await act(async () => root.render(<Parts total={total} step={step} first={first} />))
  return { el, root }
}
const nextTurns = async (n: number) => {
  for (let i = 0; i < n; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 5)))
}

describe('useStepwise', () => {
  it('commits the first part alone, then one step more per commit, up to the total', async () => {
    const { el } = await mount(5, 1)
    await nextTurns(8)
    expect(commits).toEqual([1, 2, 3, 4, 5])
    expect(el.textContent).toBe('5')
  })

  it('takes steps of its size and never shows more than the total', async () => {
    await mount(30, 12)
    await nextTurns(6)
    expect(commits).toEqual([12, 24, 30])
  })

  it('shows everything at once when the first part is the whole', async () => {
    await mount(3, 1, 3)
    await nextTurns(3)
    expect(commits).toEqual([3])
  })
})
