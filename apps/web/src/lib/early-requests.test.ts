// @vitest-environment node
import { runInNewContext } from 'node:vm'
import { CATEGORIES, SERVERS } from '@dropwise/schemas'
import { describe, expect, it } from 'vitest'
import { earlyRequestsScript } from '../../build-plugins/early-requests'
import {
  CATEGORIES as PLUGIN_CATEGORIES,
  DEFAULT_API_BASE,
  PLANNER_STORAGE_KEY as PLUGIN_PLANNER_KEY,
  SERVERS as PLUGIN_SERVERS,
} from '../../build-plugins/preload-start'
import { PLANNER_STORAGE_KEY } from '../features/planner/planner-state'
import { env } from '../config/env'
import { matrixSlicePath } from '../features/results/use-matrix-slice'
import { DATA_VERSION } from './data-cache'
import { datasets } from './datasets'
import { STORAGE_KEYS } from './storage'

const script = earlyRequestsScript({
  apiBase: '/api-base',
  servers: PLUGIN_SERVERS,
  categories: PLUGIN_CATEGORIES,
  dataSourceKey: STORAGE_KEYS.dataSource,
  dataCacheKey: STORAGE_KEYS.data,
  dataCacheVersion: DATA_VERSION,
})

/** Runs the start-up script as a page at `pathname` with this storage; the API paths it requested. */
const run = (pathname: string, stored: Record<string, unknown> = {}, rendered = false) => {
  const asked: string[] = []
  const page: Record<string, unknown> = {
    location: { pathname },
    // A page the server rendered names its variant in a meta element (apps/server plugins/web-pages.ts).
    document: { querySelector: (q: string) => (rendered && q === 'meta[name=dropwise-prerender]' ? { content: 'zh.light' } : null) },
    localStorage: { getItem: (k: string) => (k in stored ? JSON.stringify(stored[k]) : null) },
    fetch: (url: string, init: { credentials?: string }) => {
      expect(init.credentials).toBe('include')
      asked.push(url.replace(/^\/api-base/, ''))
      return Promise.resolve(url)
    },
  }
  page.window = page
  runInNewContext(script, page)
  const early = page.__dropwiseEarly as Record<string, unknown> | undefined
  const late = page.__dropwiseLate as (() => void) | undefined
  // The answers the app can take, as they are when asked (after `late` too).
  Object.defineProperty(page, 'held', { get: () => Object.keys((page.__dropwiseEarly as object | undefined) ?? {}), enumerable: false })
  return { asked, early: early ? Object.keys(early) : undefined, late, held: () => page.held as string[] }
}
const basisPath = (server: string, stageId: string | null) => `/basis?server=${server}${stageId ? `&stageId=${encodeURIComponent(stageId)}` : ''}`

describe('the start-up script requests what an item or stage page asks for first', () => {
  it('uses the schemas’ servers and categories, the app’s API base and the planner’s storage key', () => {
    expect(PLUGIN_SERVERS).toEqual(SERVERS)
    expect(PLUGIN_CATEGORIES).toEqual(CATEGORIES)
    expect(env.apiBase).toBe(DEFAULT_API_BASE)
    expect(PLUGIN_PLANNER_KEY).toBe(PLANNER_STORAGE_KEY)
  })

  it('a first visit to an item page: its slice, the basis and the three lists, with the app’s own paths', () => {
    const { asked, early } = run('/result/item/30012')
    const ctx = { server: 'CN', category: 'all' } as const
    expect(asked.sort()).toEqual(
      [matrixSlicePath('CN', 'all', 'item', '30012'), basisPath('CN', null), datasets.items.path(ctx), datasets.stages.path(ctx), datasets.zones.path(ctx)].sort(),
    )
    expect(early?.sort()).toEqual(asked)
  })

  it('a stage page on the stored server and category, with an id that needs escaping', () => {
    const stored = { [STORAGE_KEYS.dataSource]: { source: 'global', server: 'JP', category: 'manual' } }
    const { asked } = run('/result/stage/act%2015/a%20b%26c', stored)
    expect(asked).toContain(matrixSlicePath('JP', 'manual', 'stage', 'a b&c'))
    expect(asked).toContain(basisPath('JP', 'a b&c'))
    expect(asked).toContain(datasets.stages.path({ server: 'JP', category: 'manual' }))
  })

  it('skips what the data cache holds, and the slice for the personal source', () => {
    const stored = {
      [STORAGE_KEYS.dataSource]: { source: 'personal', server: 'US', category: 'all' },
      [STORAGE_KEYS.data]: { v: DATA_VERSION, keys: ['_shared/items', 'US/stages', '_shared/zones'] },
    }
    expect(run('/result/item/30012', stored).asked).toEqual([basisPath('US', null)])
    const cachedMatrix = { [STORAGE_KEYS.data]: { v: DATA_VERSION, keys: ['CN/globalMatrix:all'] } }
    expect(run('/result/item/30012', cachedMatrix).asked.some((p) => p.startsWith('/result/matrix'))).toBe(false)
    // Another version of the data cache is dropped by the app: everything is requested.
    expect(run('/result/item/30012', { [STORAGE_KEYS.data]: { v: DATA_VERSION + 1, keys: ['_shared/items'] } }).asked).toContain('/items')
  })

  it('a page the server rendered with its data: only the lists, after the first paint, unless another data source is stored', () => {
    const ctx = { server: 'CN', category: 'all' } as const
    // Nothing before the first paint: the lists wait for the inline script's `go` (build-plugins/preload-start.ts).
    const rendered = run('/result/item/30012', {}, true)
    expect(rendered.asked).toEqual([])
    rendered.late?.()
    expect(rendered.asked.sort()).toEqual([datasets.items.path(ctx), datasets.stages.path(ctx), datasets.zones.path(ctx)].sort())
    expect(rendered.held().sort()).toEqual(rendered.asked)
    // A page drawn afresh asks at once, and leaves nothing for later.
    expect(run('/result/item/30012').late).toBeUndefined()
    const jp = { [STORAGE_KEYS.dataSource]: { source: 'global', server: 'JP', category: 'all' } }
    const other = run('/result/stage/main_1/main_01-07', jp, true)
    expect(other.asked).toContain(basisPath('JP', 'main_01-07'))
    expect(other.asked).toContain(datasets.stages.path({ server: 'JP', category: 'all' }))
    const personal = { [STORAGE_KEYS.dataSource]: { source: 'personal', server: 'CN', category: 'all' } }
    expect(run('/result/item/30012', personal, true).asked).toContain(basisPath('CN', null))
  })

  it('requests nothing elsewhere, and survives broken storage and a malformed address', () => {
    for (const path of ['/', '/result/item', '/result/stage/main_1', '/planner', '/report/stage/main_1/main_01-07']) {
      const r = run(path)
      expect([r.asked, r.early, r.late]).toEqual([[], undefined, undefined])
    }
    expect(run('/result/item/%E0%A4%A').asked).toEqual([])
    const page = { location: { pathname: '/result/item/30012' }, localStorage: { getItem: () => '{' }, fetch: () => Promise.resolve(null) } as Record<string, unknown>
    page.window = page
    expect(() => runInNewContext(script, page)).not.toThrow()
  })
})
