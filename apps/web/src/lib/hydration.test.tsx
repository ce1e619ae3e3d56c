import { act } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startHydration, useHydrated } from './hydration'

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

const seen: boolean[] = []
function Probe() {
  const hydrated = useHydrated()
  seen.push(hydrated)
  return <span>{hydrated ? 'browser' : 'build'}</span>
}

let cleanup: (() => void) | null = null
afterEach(() => {
  cleanup?.()
  cleanup = null
  seen.length = 0
  history.replaceState(null, '', '/')
})

describe('useHydrated', () => {
  it('is true from the first render of a fresh render', async () => {
    const el = document.createElement('div')
    const root = createRoot(el)
    cleanup = () => act(() => root.unmount())
    await act(async () => root.render(<Probe />))
    expect(seen).toEqual([true])
    expect(el.textContent).toBe('browser')
  })

  it('hydrates what the build rendered, then switches in a render of its own', async () => {
    const el = document.createElement('div')
    el.innerHTML = '<span>build</span>'
    const errors: unknown[] = []
    startHydration(location.pathname)
    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(el, <Probe />, { onRecoverableError: (e) => errors.push(e) })
    })
    cleanup = () => act(() => root?.unmount())
    expect(errors).toEqual([])
    expect(seen).toEqual([false, true])
    expect(el.textContent).toBe('browser')
  })

  it('is true at once for what mounts after the visitor went elsewhere', async () => {
    startHydration(location.pathname)
    history.pushState(null, '', '/search')
    const el = document.createElement('div')
    const root = createRoot(el)
    cleanup = () => act(() => root.unmount())
    await act(async () => root.render(<Probe />))
    expect(seen).toEqual([true])
  })
})
