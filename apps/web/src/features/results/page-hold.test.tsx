import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HOLD_MAX_MS, PageHold } from './page-hold'

const hidden = () =>
  (screen.getByText('rows').parentElement as HTMLElement).style.visibility || getComputedStyle(screen.getByText('rows').parentElement as HTMLElement).visibility

describe('PageHold', () => {
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('keeps the body laid out but invisible, with a progress bar, until its data is in; then shows it for good', () => {
    const { rerender } = render(
      <PageHold ready={false}>
        <p>rows</p>
      </PageHold>,
    )
    expect(hidden()).toBe('hidden')
    expect(screen.getByRole('progressbar')).toBeTruthy()
    expect(screen.getByTestId('page-hold').getAttribute('aria-busy')).toBe('true')
    rerender(
      <PageHold ready>
        <p>rows</p>
      </PageHold>,
    )
    expect(hidden()).not.toBe('hidden')
    expect(screen.queryByRole('progressbar')).toBeNull()
    // A refetch later (another server) does not hide the page again.
    rerender(
      <PageHold ready={false}>
        <p>rows</p>
      </PageHold>,
    )
    expect(hidden()).not.toBe('hidden')
  })

  it(`shows what it has after ${HOLD_MAX_MS} ms when the data does not come`, () => {
    vi.useFakeTimers()
    render(
      <PageHold ready={false}>
        <p>rows</p>
      </PageHold>,
    )
    act(() => vi.advanceTimersByTime(HOLD_MAX_MS - 1))
    expect(hidden()).toBe('hidden')
    act(() => vi.advanceTimersByTime(1))
    expect(hidden()).not.toBe('hidden')
  })
})
