import { describe, expect, it } from 'vitest'
import { assetsHealth, OFF_HINT, UNAVAILABLE_HINT } from './assets.health'
import type { AssetsStatus } from './assets.schema'

const status = (over: Partial<AssetsStatus>): AssetsStatus => ({
  state: 'ready',
  done: 0,
  total: 0,
  reason: null,
  recognizer: null,
  itemIcons: null,
  unreadable: [],
  updating: false,
  ...over,
})
const pack = { packUrl: '/assets/recognizer-pack/abc/' }

describe('assetsHealth', () => {
  it.each([
    ['unavailable, no pack', status({ state: 'unavailable', reason: 'could not reach https://x/y: ENOTFOUND' }), false, UNAVAILABLE_HINT],
    ['off, no pack', status({ state: 'off' }), false, OFF_HINT],
    ['off with the operator’s pack', status({ state: 'off', recognizer: pack }), true, null],
    ['fetching', status({ state: 'fetching' }), false, null],
    ['ready', status({ recognizer: pack }), true, null],
  ])('%s', (_name, s, recognizer, hint) => expect(assetsHealth(s)).toEqual({ state: s.state, recognizer, reason: s.reason, hint }))

  it('names the settings an operator looks at', () => {
    for (const setting of ['ASSETS_BASE_URL', 'ASSETS_DIR', 'ASSETS=off']) expect(UNAVAILABLE_HINT).toContain(setting)
    expect(OFF_HINT).toContain('RECOGNIZER_PACK_DIR')
  })
})
