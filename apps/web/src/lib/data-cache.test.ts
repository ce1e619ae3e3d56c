import { describe, expect, it } from 'vitest'
import { createDataCache, DATA_VERSION, PART_CHARS } from './data-cache'
import { createMemoryStorage } from './storage'

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
