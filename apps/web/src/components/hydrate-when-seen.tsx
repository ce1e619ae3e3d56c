import { memo, Suspense, use, useEffect, useRef, useState, useSyncExternalStore, type ReactElement } from 'react'
import { whenNear } from './near-viewport'

/** Opened once: what the boundary waits for before it hydrates. */
interface Gate {
  open: () => void
  readonly opened: boolean
  readonly promise: Promise<void>
}

const makeGate = (): Gate => {
  let resolve: () => void = () => undefined
  let opened = false
  const promise = new Promise<void>((r) => (resolve = r))
  return {
    open: () => {
      if (opened) return
      opened = true
      resolve()
    },
    get opened() {
      return opened
    },
    promise,
  }
}

const subscribeNothing = () => () => undefined
/** true only while React hydrates the component that reads it (the server snapshot is read then, and only then). */
const useIsHydratingHere = () =>
  useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  )

/** Suspends the boundary's hydration until the gate opens; renders nothing. */
function Wait({ gate }: { gate: Gate }) {
  const hydrating = useIsHydratingHere()
  if (typeof window === 'undefined') return null // the server never waits
  // A fresh render in the browser has nothing to wait for: the gate opens, and nothing watches the screen.
  if (!hydrating) gate.open()
  else if (!gate.opened) use(gate.promise)
  return null
}

/** What a visitor does to a part of the page that needs its handlers at once (before a click or a key lands). */
const EARLY_EVENTS = ['pointerdown', 'touchstart', 'mousedown', 'keydown', 'focusin'] as const

const sameElement = (a: ReactElement, b: ReactElement) => {
  if (a === b) return true
  if (a.type !== b.type || a.key !== b.key) return false
  const pa = a.props as Record<string, unknown>
  const pb = b.props as Record<string, unknown>
  const ka = Object.keys(pa)
  return ka.length === Object.keys(pb).length && ka.every((k) => Object.is(pa[k], pb[k]))
}

/**
 * Hydrates `children` of a server-rendered page only once they come on screen, or once the visitor
 * touches, clicks or focuses inside them: until then they are the server's markup, drawn and readable,
 * whose handlers wait. For a long part below the first screen (the rows of a statistics list on a
 * phone), so a first visit's main thread does the first screen's work only.
 *
 * How: a Suspense boundary whose hydration suspends on a gate (React keeps a dehydrated boundary's
 * markup as it is). An IntersectionObserver opens the gate when the boundary's box reaches the screen
 * (React then hydrates it in a retry, time-sliced); a capture listener on `window` opens it on the
 * first pointer, key or focus event inside, before React's own listener at the root, which then
 * hydrates the boundary synchronously and delivers the event.
 *
 * Updates must not reach a dehydrated boundary (React would hydrate it at once, or render it afresh):
 * `children` is one element compared prop by prop, so a parent's render with equal props stops here.
 * With new props the gate opens first, so React hydrates the boundary as it was, then applies them.
 * A context change above it (a provider's new value) makes React draw it afresh, replacing the server's
 * nodes: keep providers whose value changes inside it.
 *
 * Elsewhere it costs a `div` and a boundary: on the server and in a fresh render nothing waits.
 */
export const HydrateWhenSeen = memo(
  function HydrateWhenSeen({ children, testId }: { children: ReactElement; testId?: string }) {
    const box = useRef<HTMLDivElement>(null)
    const [gate] = useState(makeGate)
    const [first] = useState(children)
    // New props: hydrate as rendered, then update (React bumps the boundary's hydration before the update).
    if (children !== first) gate.open()
    useEffect(() => {
      const el = box.current
      if (gate.opened || !el) return
      let stopNear: () => void = () => undefined
      const onEvent = (e: Event) => {
        if (e.target instanceof Node && el.contains(e.target)) open()
      }
      const stop = () => {
        stopNear()
        for (const type of EARLY_EVENTS) window.removeEventListener(type, onEvent, { capture: true })
      }
      const open = () => {
        gate.open()
        stop()
      }
      for (const type of EARLY_EVENTS) window.addEventListener(type, onEvent, { capture: true, passive: true })
      // No margin: hydrating asks for nothing and is short, so it waits until the part is really on screen.
      stopNear = whenNear(el, open)
      return stop
    }, [gate])
    return (
      <div ref={box} data-testid={testId}>
        <Suspense fallback={null}>
          <Wait gate={gate} />
          {children}
        </Suspense>
      </div>
    )
  },
  (a, b) => a.testId === b.testId && sameElement(a.children, b.children),
)
