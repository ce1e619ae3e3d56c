import { describe, expect, it } from 'vitest'
import { readShellConfig } from './shell-config'
import { composeErrorText, compareVersions, isOutdated, needsAuthorization } from './api'
import { pickBackground } from './background'
import { createDataCache, DATA_VERSION, PART_CHARS } from './data-cache'
import { parsers } from './dataset-parsers'
import { datasets, InvalidStructureError } from './datasets'
import { formatDate } from './format'
import { detectLocale } from './i18n'
import { createFallbackStorage, createMemoryStorage, type KeyValue } from './storage'

const broken: KeyValue = {
  getItem: () => {
    throw new Error('denied')
  },
  setItem: () => {
    throw new Error('denied')
  },
  removeItem: () => {
    throw new Error('denied')
  },
}

describe('storage fallback', () => {
  it('walks local → session → memory and warns once when only memory works', () => {
    let warnings = 0
    const mem = createMemoryStorage()
    const s = createFallbackStorage(
      [
        { kind: 'local', get: () => broken },
        { kind: 'session', get: () => broken },
        { kind: 'memory', get: () => mem },
      ],
      () => warnings++,
    )
    s.setItem('a', '1')
    expect(s.getItem('a')).toBe('1')
    expect(s.kind).toBe('memory')
    expect(warnings).toBe(1)
  })
  it('keeps the first working backend', () => {
    const session = createMemoryStorage()
    const s = createFallbackStorage(
      [
        { kind: 'local', get: () => broken },
        { kind: 'session', get: () => session },
        { kind: 'memory', get: () => createMemoryStorage() },
      ],
      () => undefined,
    )
    s.setItem('k', 'v')
    expect(session.getItem('k')).toBe('v')
    expect(s.kind).toBe('session')
  })
})

describe('api', () => {
  it('adds authorization only to the spec routes', () => {
    for (const u of ['/report', '/report/recall', '/_private/result/matrix/CN/personal/all', '/result/advanced', '/recognition/defects/report/init'])
      expect(needsAuthorization(`/api/v2${u}`)).toBe(true)
    for (const u of ['/items', '/stages?server=CN', '/_private/result/matrix/CN/global/all']) expect(needsAuthorization(`/api/v2${u}`)).toBe(false)
  })
  it('detects outdated clients from headers', () => {
    expect(isOutdated(new Headers({ 'X-Penguin-Compatible': 'frontend-v2@v3.4.0' }), '3.13.28')).toBe(false)
    expect(isOutdated(new Headers({ 'X-Penguin-Compatible': 'frontend-v2@v4.0.0' }), '3.13.28')).toBe(true)
    expect(isOutdated(new Headers({ 'X-Penguin-Upgrade': '1' }), '3.13.28')).toBe(true)
    expect(compareVersions('v3.13.28', '3.13.28')).toBe(0)
  })
  it('composes error texts', () => {
    expect(composeErrorText({ status: 400, body: '{"code":"NOT_FOUND","message":"resource not found"}' }, null, 'M')).toBe('(400) resource not found')
    expect(composeErrorText({ status: 503, body: '{"message":"service unavailable"}' }, null, 'M')).toBe('(503) M')
    expect(composeErrorText({ status: 502, body: '<meta name="penguin:exception" content="type=deploying">' }, null, 'M')).toBe('(502) M')
    expect(composeErrorText(null, new Error('Failed to fetch'), 'M')).toBe('(!) Failed to fetch')
  })
})

describe('datasets', () => {
  it('rejects a wrong shape with "Invalid structure" and keeps the detail', () => {
    expect(() => parsers.items([{ itemId: 1 }])).toThrow(InvalidStructureError)
    expect(() => parsers.items([])).toThrow(/Invalid structure: empty list/)
  })
  it('unwraps matrices and sorts items', () => {
    const row = { stageId: 's', itemId: 'i', times: 10, quantity: 3, stdDev: 0.1, start: 0, end: null }
    expect(parsers.globalMatrix({ matrix: [row] })).toEqual([row])
    expect(parsers.globalPatternMatrix({ pattern_matrix: [] })).toEqual([])
    expect(datasets.personalMatrix.path({ server: 'JP', category: 'manual' })).toBe('/_private/result/matrix/JP/personal/manual')
  })
})

describe('data cache', () => {
  it('keeps data per server with version marker 2, drops old formats, unknown and stale keys', () => {
    const mem = createMemoryStorage()
    mem.setItem('d', JSON.stringify({ data: {}, meta: { v: 1 } }))
    let now = 1_000_000_000_000
    const cache = createDataCache(mem, 'd', () => now)
    cache.migrate(['legacy'])
    cache.set('CN', 'stages', [1])
    cache.set('_shared', 'items', [2])
    cache.set('US', 'bogus', [3])
    expect(JSON.parse(mem.getItem('d')!).v).toBe(DATA_VERSION)
    expect(cache.get('CN', 'stages')?.c).toEqual([1])
    cache.migrate([])
    expect(cache.get('US', 'bogus')).toBeUndefined()
    cache.clear('CN')
    expect(cache.get('CN', 'stages')).toBeUndefined()
    expect(cache.get('_shared', 'items')?.c).toEqual([2])
    now += 8 * 86_400_000
    cache.migrate([])
    expect(cache.get('_shared', 'items')).toBeUndefined()
  })

  it('stores JSON made elsewhere (the dataset worker) as set would, and tells when without parsing', () => {
    const mem = createMemoryStorage()
    const cache = createDataCache(mem, 'd', () => 1_700_000_000_123)
    const content = [{ stageId: 'main_01-07', items: ['30012'] }]
    cache.setJson('CN', 'stages', JSON.stringify(content))
    cache.set('CN', 'zones', content)
    expect(cache.get('CN', 'stages')).toEqual({ upd: 1_700_000_000_123, c: content })
    expect(mem.getItem('d/CN/stages')).toBe(mem.getItem('d/CN/zones'))
    expect(cache.updatedAt('CN', 'stages')).toBe(1_700_000_000_123)
    expect(cache.updatedAt('CN', 'items')).toBeUndefined()
    // An entry that is not ours (or was cut short) has no time.
    mem.setItem('d/CN/zones', '{"c":[]}')
    expect(cache.updatedAt('CN', 'zones')).toBeUndefined()
  })
})

describe('data cache: large content in parts', () => {
  const big = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ stageId: `${tag}_${i}`, pad: 'x'.repeat(40) }))

  it('writes one part per scheduled step, switches the head last and removes the old version', async () => {
    const mem = createMemoryStorage()
    const steps: (() => void)[] = []
    let now = 1_700_000_000_000
    const cache = createDataCache(
      mem,
      'd',
      () => now,
      (step) => void steps.push(step),
    )
    const first = big(6000, 'a')
    const json = JSON.stringify(first)
    expect(json.length).toBeGreaterThan(2 * PART_CHARS)
    const written = cache.setJson('CN', 'stages', json)
    // Nothing is stored until the steps run, and each step writes at most one part.
    expect(cache.get('CN', 'stages')).toBeUndefined()
    let ran = 0
    while (steps.length) {
      steps.shift()!()
      ran++
    }
    await written
    const parts = Math.ceil(json.length / PART_CHARS)
    expect(ran).toBe(parts + 1)
    expect(mem.getItem('d/CN/stages')).toBe(`{"upd":${now},"parts":${parts}}`)
    expect(cache.get('CN', 'stages')).toEqual({ upd: now, c: first })
    expect(cache.updatedAt('CN', 'stages')).toBe(now)

    // A newer version: while its parts are written the old one is still read whole; then it is gone.
    now += 60_000
    const second = big(3000, 'b')
    const again = cache.setJson('CN', 'stages', JSON.stringify(second))
    steps.shift()!()
    expect(cache.get('CN', 'stages')?.c).toEqual(first)
    while (steps.length) steps.shift()!()
    await again
    expect(cache.get('CN', 'stages')).toEqual({ upd: now, c: second })
    const keys = Array.from({ length: 40 }, (_, i) => [`d/CN/stages#${now - 60_000}.${i}`, `d/CN/stages#${now}.${i}`]).flat()
    expect(keys.filter((k) => mem.getItem(k) !== null)).toEqual(
      Array.from({ length: Math.ceil(JSON.stringify(second).length / PART_CHARS) }, (_, i) => `d/CN/stages#${now}.${i}`),
    )

    // Clearing the server removes the parts too; a missing part makes the entry unreadable, not wrong.
    cache.clear('CN')
    expect(keys.filter((k) => mem.getItem(k) !== null)).toEqual([])
    const third = cache.setJson('CN', 'stages', json)
    while (steps.length) steps.shift()!()
    await third
    mem.removeItem(`d/CN/stages#${now}.1`)
    expect(cache.get('CN', 'stages')).toBeUndefined()
    expect(mem.getItem('d/CN/stages')).toBeNull()
  })

  it('gives up a large write that does not fit, keeping what was there', async () => {
    const mem = createMemoryStorage()
    let room = 3
    const tight = {
      ...mem,
      setItem: (k: string, v: string) =>
        room-- > 0
          ? mem.setItem(k, v)
          : (() => {
              throw new Error('quota')
            })(),
    }
    const cache = createDataCache(
      tight,
      'd',
      () => 1,
      (step) => step(),
    )
    cache.set('CN', 'zones', [1])
    await cache.setJson('CN', 'stages', JSON.stringify(big(6000, 'a')))
    expect(cache.get('CN', 'stages')).toBeUndefined()
    expect(cache.get('CN', 'zones')?.c).toEqual([1])
    expect(Array.from({ length: 10 }, (_, i) => mem.getItem(`d/CN/stages#1.${i}`)).filter((v) => v !== null)).toEqual([])
  })
})

describe('misc', () => {
  it('picks at most 3 backgrounds a day, rarely the rare one', () => {
    let memo = { last: '', ids: [] as number[] }
    const day = new Date(2024, 0, 1)
    for (let i = 0; i < 10; i++) memo = pickBackground(memo, day, () => (i * 0.37) % 1 || 0.5).memo
    expect(memo.ids.length).toBe(3)
    expect(pickBackground(memo, day, () => 0.001).id).toBe(-1)
    expect(pickBackground(memo, new Date(2024, 0, 2), () => 0.5).memo.ids.length).toBe(1)
  })
  it('detects the browser language and formats dates per the spec', () => {
    expect(detectLocale(['ja-JP', 'en'])).toBe('ja')
    expect(detectLocale(['fr-FR'])).toBe('zh')
    expect(formatDate(new Date(2024, 2, 5, 9, 7).getTime(), { now: new Date(2024, 5, 1).getTime() })).toBe('3.5')
    expect(formatDate(new Date(2023, 2, 5, 9, 7).getTime(), { now: new Date(2024, 5, 1).getTime(), time: true })).toBe('23.3.5 9:07')
  })
  it('reads the shell fields of /config', () => {
    expect(readShellConfig({ demo: true }).demo).toBe(true)
    expect(readShellConfig({ demo: { present: false } }).demo).toBe(false)
    expect(readShellConfig({}).demo).toBeUndefined()
  })
})
