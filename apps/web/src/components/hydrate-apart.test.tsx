import { act, useEffect, useLayoutEffect, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { HydrateApart } from './hydrate-apart'

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

const log: string[] = []
function Part({ name, children }: { name: string; children?: ReactNode }) {
  useLayoutEffect(() => void log.push(`${name} layout`), [name])
  useEffect(() => void log.push(`${name} effect`), [name])
  return <div id={name}>{children}</div>
}

let cleanup: (() => void) | null = null
afterEach(() => {
  cleanup?.()
  cleanup = null
  log.length = 0
})

const hydrate = async (tree: ReactNode) => {
  const el = document.createElement('div')
  el.innerHTML = renderToString(tree)
  const before = el.innerHTML
  const errors: unknown[] = []
  let root: ReturnType<typeof hydrateRoot> | undefined
  await act(async () => {
    root = hydrateRoot(el, tree, { onRecoverableError: (e) => errors.push(e) })
  })
  cleanup = () => act(() => root?.unmount())
  return { el, before, errors }
}

describe('HydrateApart', () => {
  it('hydrates its part in a commit after the page: the page effects run before the part mounts', async () => {
    const { el, before, errors } = await hydrate(
      <Part name="page">
        <HydrateApart>
          <Part name="control" />
        </HydrateApart>
      </Part>,
    )
    expect(errors).toEqual([])
    // The same nodes, adopted (no markup added or redrawn).
    expect(el.innerHTML).toBe(before)
    expect(log).toEqual(['page layout', 'page effect', 'control layout', 'control effect'])
  })

  it('without it, one commit: every layout effect first, then the effects', async () => {
    await hydrate(
      <Part name="page">
        <Part name="control" />
      </Part>,
    )
    expect(log).toEqual(['control layout', 'page layout', 'control effect', 'page effect'])
  })
})
