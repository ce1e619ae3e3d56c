import { act, cleanup, render, screen } from '@testing-library/react'
import { lazy } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MountWhen, OptionalPart } from './lazy-mount'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const Loaded = lazy(async () => ({ default: () => <p>dialog</p> }))
// As a dynamic import does when the server is gone: the chunk cannot be fetched.
const Unloadable = lazy(async () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))

describe('MountWhen', () => {
  it('renders nothing until first asked for, then its part, and keeps it', async () => {
    const { rerender } = render(<MountWhen when={false}>{<Loaded />}</MountWhen>)
    expect(screen.queryByText('dialog')).toBeNull()
    rerender(<MountWhen when>{<Loaded />}</MountWhen>)
    expect(await screen.findByText('dialog')).toBeTruthy()
    rerender(<MountWhen when={false}>{<Loaded />}</MountWhen>)
    expect(screen.getByText('dialog')).toBeTruthy()
  })

  it('a part whose code cannot be loaded renders nothing, and the page around it stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <main>
        <p>page</p>
        <MountWhen when>{<Unloadable />}</MountWhen>
      </main>,
    )
    await act(async () => new Promise((r) => setTimeout(r, 10)))
    expect(screen.getByText('page')).toBeTruthy()
  })
})

describe('OptionalPart', () => {
  it('shows its fallback while the code loads, then the part', async () => {
    const Chart = lazy(async () => ({ default: () => <p>chart</p> }))
    render(<OptionalPart fallback={<p>loading</p>}>{<Chart />}</OptionalPart>)
    expect(screen.getByText('loading')).toBeTruthy()
    expect(await screen.findByText('chart')).toBeTruthy()
  })

  it('a part whose code cannot be loaded renders nothing, and the page around it stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(
      <main>
        <p>page</p>
        <OptionalPart fallback={<p>loading</p>}>{<Unloadable />}</OptionalPart>
      </main>,
    )
    await act(async () => new Promise((r) => setTimeout(r, 10)))
    expect(screen.getByText('page')).toBeTruthy()
    expect(screen.queryByText('loading')).toBeNull()
  })
})
