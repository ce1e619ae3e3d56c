import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NEAR_MARGIN_PX, WhenNearViewport } from './near-viewport'

type Callback = (entries: { isIntersecting: boolean }[]) => void
const observers: { callback: Callback; margin: string | undefined; disconnected: boolean }[] = []
class FakeObserver {
  entry: (typeof observers)[number]
  constructor(callback: Callback, options?: { rootMargin?: string }) {
    this.entry = { callback, margin: options?.rootMargin, disconnected: false }
    observers.push(this.entry)
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true
  }
}

const place = () =>
  render(
    <WhenNearViewport height={260} placeholder={<span>waiting</span>} testId="place">
      <span>chart</span>
    </WhenNearViewport>,
  )

afterEach(() => {
  cleanup()
  observers.length = 0
  vi.unstubAllGlobals()
})

describe('WhenNearViewport', () => {
  it('keeps the height and shows the placeholder until the place nears the screen, then the content for good', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    place()
    expect(screen.getByText('waiting')).toBeTruthy()
    expect(screen.queryByText('chart')).toBeNull()
    expect(screen.getByTestId('place').dataset.near).toBe('false')
    expect(observers[0]?.margin).toBe(`${NEAR_MARGIN_PX}px 0px`)
    // Still far: nothing changes.
    act(() => observers[0]!.callback([{ isIntersecting: false }]))
    expect(screen.queryByText('chart')).toBeNull()
    act(() => observers[0]!.callback([{ isIntersecting: true }]))
    expect(screen.getByText('chart')).toBeTruthy()
    expect(screen.queryByText('waiting')).toBeNull()
    expect(observers[0]!.disconnected).toBe(true)
  })

  it('renders at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    place()
    expect(screen.getByText('chart')).toBeTruthy()
    expect(screen.getByTestId('place').dataset.near).toBe('true')
  })
})
