import { act, memo, useEffect, useState } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { HydrateWhenSeen } from './hydrate-when-seen'

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

type Callback = (entries: { isIntersecting: boolean }[]) => void
const observers: { callback: Callback; disconnected: boolean }[] = []
class FakeObserver {
  entry: (typeof observers)[number]
  constructor(callback: Callback) {
    this.entry = { callback, disconnected: false }
    observers.push(this.entry)
  }
  observe() {}
  disconnect() {
    this.entry.disconnected = true
  }
}

const log: string[] = []
const Rows = memo(function Rows({ label, onPick }: { label: string; onPick: () => void }) {
  useEffect(() => void log.push(`rows ${label}`), [label])
  return (
    <ul>
      <li id="row" onClick={onPick}>
        {label}
      </li>
    </ul>
  )
})

let setLabel: (label: string) => void = () => undefined
let setOther: (n: number) => void = () => undefined
const picks: string[] = []
const pick = () => void picks.push('picked')
function Page({ initial }: { initial: string }) {
  const [label, setL] = useState(initial)
  const [other, setO] = useState(0)
  setLabel = setL
  setOther = setO
  useEffect(() => void log.push('page'), [])
  return (
    <main data-other={other}>
      <HydrateWhenSeen testId="seen">
        <Rows label={label} onPick={pick} />
      </HydrateWhenSeen>
    </main>
  )
}

let cleanup: (() => void) | null = null
beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeObserver))
afterEach(() => {
  cleanup?.()
  cleanup = null
  log.length = 0
  picks.length = 0
  observers.length = 0
  vi.unstubAllGlobals()
})

/** The page as the server drew it, then hydrated; `row` is the server's node. */
const hydrate = async (observerMissing = false) => {
  const el = document.createElement('div')
  document.body.append(el)
  // As on the server: no window (the test's document stays).
  vi.stubGlobal('window', undefined)
  el.innerHTML = renderToString(<Page initial="first" />)
  vi.unstubAllGlobals()
  vi.stubGlobal('IntersectionObserver', observerMissing ? undefined : FakeObserver)
  const row = el.querySelector('#row')
  const errors: unknown[] = []
  let root: ReturnType<typeof hydrateRoot> | undefined
  await act(async () => {
    root = hydrateRoot(el, <Page initial="first" />, { onRecoverableError: (e) => errors.push(e) })
  })
  cleanup = () => {
    act(() => root?.unmount())
    el.remove()
  }
  const hydrated = (node: Element | null) => !!node && Object.keys(node).some((k) => k.startsWith('__reactFiber'))
  return { el, row, errors, hydrated }
}

describe('HydrateWhenSeen', () => {
  it('the server draws its children; they wait, drawn, until they come on screen, then hydrate in place', async () => {
    const { el, row, errors, hydrated } = await hydrate()
    expect(row?.textContent).toBe('first')
    expect(log).toEqual(['page'])
    expect(hydrated(row)).toBe(false)
    // Not on screen yet: nothing.
    await act(async () => observers[0]?.callback([{ isIntersecting: false }]))
    expect(hydrated(row)).toBe(false)
    await act(async () => observers[0]?.callback([{ isIntersecting: true }]))
    expect(log).toEqual(['page', 'rows first'])
    // The server's node, adopted: not drawn again.
    expect(el.querySelector('#row')).toBe(row)
    expect(hydrated(row)).toBe(true)
    expect(observers[0]?.disconnected).toBe(true)
    expect(errors).toEqual([])
  })

  it('a press inside hydrates them before the click lands, which reaches its handler', async () => {
    const { row, errors, hydrated } = await hydrate()
    expect(hydrated(row)).toBe(false)
    await act(async () => {
      row?.dispatchEvent(new Event('pointerdown', { bubbles: true }))
      row?.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    })
    expect(hydrated(row)).toBe(true)
    expect(picks).toEqual(['picked'])
    expect(errors).toEqual([])
  })

  it('a press elsewhere leaves them waiting', async () => {
    const { row, hydrated } = await hydrate()
    await act(async () => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    })
    expect(hydrated(row)).toBe(false)
  })

  it('the page drawing again with equal props leaves them waiting; new props hydrate them as drawn, then update', async () => {
    const { el, row, errors, hydrated } = await hydrate()
    await act(async () => setOther(1))
    expect(el.querySelector('main')?.dataset.other).toBe('1')
    expect(hydrated(row)).toBe(false)
    await act(async () => setLabel('second'))
    expect(el.querySelector('#row')).toBe(row)
    expect(row?.textContent).toBe('second')
    expect(log).toEqual(['page', 'rows first', 'rows second'])
    expect(errors).toEqual([])
  })

  it('a fresh render in the browser draws them at once', async () => {
    const el = document.createElement('div')
    const root = createRoot(el)
    await act(async () => root.render(<Page initial="fresh" />))
    expect(el.querySelector('#row')?.textContent).toBe('fresh')
    expect(log).toContain('rows fresh')
    // Nothing watches the screen or the pointer for it.
    expect(observers).toEqual([])
    act(() => root.unmount())
  })

  it('without IntersectionObserver they hydrate at once', async () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    const { row, hydrated } = await hydrate(true)
    expect(hydrated(row)).toBe(true)
  })
})
