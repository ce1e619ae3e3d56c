import { afterEach, describe, expect, it } from 'vitest'
import { appHistory, registerBlocker, type Blocker } from './history'

const changesPath = ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
  currentLocation.pathname !== nextLocation.pathname

describe('app history with a blocker', () => {
  const seen: string[] = []
  const stopListening = appHistory.listen(({ action, location }) => seen.push(`${action} ${location.pathname}${location.search}`))
  let unregister = () => undefined as void
  afterEach(() => {
    unregister()
    seen.length = 0
  })

  it('navigates freely without a blocker', () => {
    appHistory.push('/result/item')
    appHistory.replace('/result/stage?x=1')
    expect(location.pathname + location.search).toBe('/result/stage?x=1')
    expect(seen).toEqual(['PUSH /result/item', 'REPLACE /result/stage?x=1'])
  })

  it('holds a blocked push until proceed, and drops it on reset', () => {
    appHistory.push('/report/recognition')
    seen.length = 0
    const states: Blocker[] = []
    const blocked = () => {
      const b = states.at(-1)
      if (b?.state !== 'blocked') throw new Error(`expected a blocked navigation, the blocker is ${b?.state ?? 'not asked'}`)
      return b
    }
    unregister = registerBlocker(changesPath, (b) => states.push(b))
    appHistory.push('/planner')
    expect(location.pathname).toBe('/report/recognition')
    expect(seen).toEqual([])
    blocked().reset()
    expect(states.at(-1)?.state).toBe('unblocked')
    expect(location.pathname).toBe('/report/recognition')

    appHistory.push('/planner')
    blocked().proceed()
    expect(location.pathname).toBe('/planner')
    expect(seen).toEqual(['PUSH /planner'])
  })

  it('lets through what the blocker allows (same page, other query)', () => {
    appHistory.push('/report/recognition')
    let asked = 0
    unregister = registerBlocker(changesPath, () => (asked += 1))
    appHistory.replace('/report/recognition?server=US')
    expect(location.search).toBe('?server=US')
    expect(asked).toBe(0)
  })

  it('stops blocking once removed', () => {
    appHistory.push('/report/recognition')
    registerBlocker(changesPath, () => undefined)()
    appHistory.push('/search')
    expect(location.pathname).toBe('/search')
    stopListening()
  })
})
