import { useEffect, useState, type ComponentProps } from 'react'
import { UNSAFE_createBrowserHistory, UNSAFE_createMemoryHistory, type unstable_HistoryRouter } from 'react-router'

/*
 * The app's browser history, with navigation blocking. The app uses React Router's declarative
 * router (about 17 KB gzip lighter than its data router, whose loaders, actions and fetchers we do
 * not use); `useBlocker` belongs to the data router, so the blocking lives here: a push or replace
 * that a blocker refuses waits for `proceed`, and a back/forward step is undone until it proceeds.
 */
type History = ComponentProps<typeof unstable_HistoryRouter>['history']
type Location = History['location']
type Update = Parameters<Parameters<History['listen']>[0]>[0]

/** Decides whether moving from one location to another needs the user's confirmation. */
export type ShouldBlock = (args: { currentLocation: Location; nextLocation: Location }) => boolean
export type Blocker = { state: 'unblocked' } | { state: 'blocked'; proceed: () => void; reset: () => void }

// Outside a browser (the build's pre-render, the server's render: src/ssr.tsx) a history in memory, at `/` until `prerenderAt` moves it.
const inner = typeof window === 'undefined' ? UNSAFE_createMemoryHistory({ v5Compat: true }) : UNSAFE_createBrowserHistory({ v5Compat: true })
let shouldBlock: ShouldBlock | null = null
let onBlocked: ((blocker: Blocker) => void) | null = null
let current: Location = inner.location
/** Pops this wrapper started itself (undoing a blocked step, or redoing it on proceed): not checked again. */
let ownPops = 0

const asLocation = (to: Parameters<History['push']>[0]): Location => {
  const url = inner.createURL(to)
  return { ...current, pathname: url.pathname, search: url.search, hash: url.hash }
}

const attempt = (next: Location, go: () => void) => {
  if (!shouldBlock?.({ currentLocation: current, nextLocation: next })) return go()
  onBlocked?.({
    state: 'blocked',
    proceed: () => {
      onBlocked?.({ state: 'unblocked' })
      go()
    },
    reset: () => onBlocked?.({ state: 'unblocked' }),
  })
}

export const appHistory: History = {
  get action() {
    return inner.action
  },
  get location() {
    return inner.location
  },
  createHref: (to) => inner.createHref(to),
  createURL: (to) => inner.createURL(to),
  encodeLocation: (to) => inner.encodeLocation(to),
  push: (to, state) => attempt(asLocation(to), () => inner.push(to, state)),
  replace: (to, state) => attempt(asLocation(to), () => inner.replace(to, state)),
  go: (n) => inner.go(n),
  listen: (listener) =>
    inner.listen((update: Update) => {
      if (update.action === 'POP') {
        if (ownPops > 0) {
          ownPops -= 1
          // The undo of a blocked step: the app never left `current`, nothing to tell it.
          if (update.location.key === current.key) return
        } else if (update.delta && shouldBlock?.({ currentLocation: current, nextLocation: update.location })) {
          const delta = update.delta
          ownPops += 1
          inner.go(-delta)
          attempt(update.location, () => {
            ownPops += 1
            inner.go(delta)
          })
          // `attempt` asked the blocker: nothing happens until it proceeds.
          return
        }
      }
      current = update.location
      listener(update)
    }),
}

/** Rendering outside a browser (src/ssr.tsx): the address to render next (the memory history's only entry). */
export const prerenderAt = (path: string) => {
  if (typeof window !== 'undefined') throw new Error('prerenderAt is for rendering outside a browser')
  inner.replace(path)
  current = inner.location
}

/** Installs the blocker (one at a time: the page that asks last); returns its removal. */
export const registerBlocker = (when: ShouldBlock, onChange: (blocker: Blocker) => void) => {
  shouldBlock = when
  onBlocked = onChange
  return () => {
    if (shouldBlock === when) shouldBlock = null
    if (onBlocked === onChange) onBlocked = null
  }
}

/** Like React Router's `useBlocker`: while `when` says so, leaving waits for `proceed` or `reset`. */
export const useBlocker = (when: ShouldBlock): Blocker => {
  const [blocker, setBlocker] = useState<Blocker>({ state: 'unblocked' })
  useEffect(() => registerBlocker(when, setBlocker), [when])
  return blocker
}
