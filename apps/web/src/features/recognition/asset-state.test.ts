import { describe, expect, it } from 'vitest'
import type { AssetStatus } from '../../lib/assets'
import { assetView, pollInterval, readPackUrl, unreadableNames, type AssetView } from './asset-state'

const base = 'https://drops.example/report/recognition'
const status = (over: Partial<AssetStatus>): AssetStatus => ({
  state: 'fetching',
  done: 0,
  total: 0,
  reason: null,
  packUrl: null,
  itemIcons: null,
  unreadable: [],
  updating: false,
  ...over,
})

describe('assetView', () => {
  it.each<[string, Parameters<typeof assetView>[0], AssetView]>([
    [
      'an operator pack wins over everything',
      { configPackUrl: 'https://cdn.example/p/', announced: true, status: status({ state: 'unavailable' }), error: 'x', base },
      { kind: 'pack', packUrl: 'https://cdn.example/p/' },
    ],
    [
      'fetching: the fraction of steps done',
      { configPackUrl: null, announced: true, status: status({ done: 2, total: 5 }), error: null, base },
      { kind: 'preparing', done: 2, total: 5, fraction: 0.4 },
    ],
    [
      'fetching before the total is known',
      { configPackUrl: null, announced: true, status: status({ done: 0, total: 0 }), error: null, base },
      { kind: 'preparing', done: 0, total: 0, fraction: null },
    ],
    [
      'fetching never shows over 100 %',
      { configPackUrl: null, announced: true, status: status({ done: 7, total: 5 }), error: null, base },
      { kind: 'preparing', done: 7, total: 5, fraction: 1 },
    ],
    [
      'ready: the built pack, resolved against the page',
      { configPackUrl: null, announced: true, status: status({ state: 'ready', packUrl: '/assets/recognizer' }), error: null, base },
      { kind: 'pack', packUrl: 'https://drops.example/assets/recognizer/' },
    ],
    [
      'ready without a pack is not usable',
      { configPackUrl: null, announced: true, status: status({ state: 'ready', reason: 'no glyphs' }), error: null, base },
      { kind: 'unavailable', reason: 'no glyphs' },
    ],
    [
      'unavailable, with the server reason',
      { configPackUrl: null, announced: true, status: status({ state: 'unavailable', reason: 'ENOTFOUND example.org' }), error: null, base },
      { kind: 'unavailable', reason: 'ENOTFOUND example.org' },
    ],
    [
      'unavailable, a failed retry is the newer reason',
      { configPackUrl: null, announced: true, status: status({ state: 'unavailable', reason: 'old' }), error: '(503) Service Unavailable', base },
      { kind: 'unavailable', reason: '(503) Service Unavailable' },
    ],
    ['off', { configPackUrl: null, announced: true, status: status({ state: 'off' }), error: null, base }, { kind: 'off' }],
    ['announced, the first answer on its way', { configPackUrl: null, announced: true, status: undefined, error: null, base }, { kind: 'checking' }],
    [
      'announced, the status cannot be read',
      { configPackUrl: null, announced: true, status: undefined, error: 'Failed to fetch', base },
      { kind: 'unavailable', reason: 'Failed to fetch' },
    ],
    ['an older server without downloads or a pack', { configPackUrl: null, announced: false, status: undefined, error: null, base }, { kind: 'none' }],
  ])('%s', (_name, input, want) => expect(assetView(input)).toEqual(want))
})

describe('pollInterval', () => {
  it.each<[Parameters<typeof pollInterval>[0], number | null, number | false]>([
    ['fetching', null, 2000],
    ['unavailable', null, 30_000],
    ['unavailable', 3000, 2000],
    ['unavailable', 12_000, 30_000],
    ['ready', null, false],
    ['ready', 1000, false],
    ['off', null, false],
  ])('%s, %s ms after Retry: %s', (state, since, want) => expect(pollInterval(state, since)).toBe(want))

  it('keeps asking every 30 s while ready with items the pack cannot read yet, and stops once it can', () => {
    expect(pollInterval('ready', null, true)).toBe(30_000)
    expect(pollInterval('ready', null, false)).toBe(false)
    expect(pollInterval('off', null, true)).toBe(false)
  })
})

describe('unreadableNames', () => {
  const items = [
    { itemId: '30175', name_i18n: { zh: '晶化回路', en: 'Crystal Circuit', ja: '結晶回路', ko: '결정 회로' }, servers: ['CN', 'US'] },
    { itemId: '31103', name_i18n: { zh: '某材料' }, servers: ['CN'] },
    { itemId: 'x', name_i18n: {}, servers: [] },
  ]
  it.each<[string, string, string[]]>([
    ['CN', 'ja', ['結晶回路', '某材料', 'x']],
    ['US', 'en', ['Crystal Circuit', 'x']],
    ['JP', 'ko', ['x']],
  ])('on %s in %s: %j', (server, locale, want) => expect(unreadableNames(items, server, locale)).toEqual(want))
})

describe('readPackUrl', () => {
  it('resolves the announced address against the page and ends it with a slash', () => {
    const base = 'https://drops.example/report/recognition'
    expect(readPackUrl({ recognizer: { packUrl: '/recognizer-pack/' } }, base)).toBe('https://drops.example/recognizer-pack/')
    expect(readPackUrl({ recognizer: { packUrl: 'https://cdn.example/p' } }, base)).toBe('https://cdn.example/p/')
    expect(readPackUrl({ recognizer: { packUrl: null } }, base)).toBeNull()
    expect(readPackUrl({ recognizer: { packUrl: '  ' } }, base)).toBeNull()
    expect(readPackUrl({}, base)).toBeNull()
    expect(readPackUrl(null, base)).toBeNull()
  })
})
