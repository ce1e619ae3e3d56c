import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildZone } from '../testing/builders'
import { apiRequest } from './api'
import { dataCache, datasetKey, fetchBootData, gameDataVersion, prefetchDataset, queryClient, useDataset } from './data'
import { installApiHooks } from './session'

const ZONES = [buildZone('main_0'), buildZone('main_1')]

/**
 * Answers /zones (after `release()`); every other dataset fails. Records each request's path.
 * `dropFirst`: the first /zones request loses its connection at `release()` instead; later ones are answered at once.
 */
const serve = ({ dropFirst = false } = {}) => {
  const asked: string[] = []
  let release = () => undefined as void
  const gate = new Promise<void>((r) => (release = r))
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://x').pathname
    asked.push(path)
    if (!path.endsWith('/zones')) return new Response('{"code":"NOT_FOUND","message":"no"}', { status: 404 })
    const first = asked.filter((p) => p.endsWith('/zones')).length === 1
    if (!dropFirst || first) await gate
    if (dropFirst && first) throw new TypeError('network error')
    return new Response(JSON.stringify(ZONES), { status: 200, headers: { 'Content-Type': 'application/json' } })
  })
  return { asked, release }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  queryClient.clear()
  dataCache.clear()
  gameDataVersion.forget()
})

describe('datasets on their way', () => {
  it('a page that asks for a list the start-up fetch is loading shares that answer', async () => {
    const { asked, release } = serve()
    // The start-up fetch sees no page using the zones (their page's code is still loading) ...
    const boot = fetchBootData()
    await vi.waitFor(() => expect(asked.filter((p) => p.endsWith('/zones'))).toHaveLength(1))
    // ... then the page opens and wants them, while they are still on their way.
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children)
    const page = renderHook(() => useDataset('zones'), { wrapper })
    release()
    await vi.waitFor(() => expect(page.result.current.data?.map((z) => z.zoneId)).toEqual(['main_0', 'main_1']))
    await boot
    expect(asked.filter((p) => p.endsWith('/zones'))).toHaveLength(1)
  })

  it('when the shared request breaks off (the server stopped mid-answer), the page asks again on its own', async () => {
    // The first answer never comes whole: the connection drops.
    const { asked, release } = serve({ dropFirst: true })
    const boot = fetchBootData()
    await vi.waitFor(() => expect(asked.filter((p) => p.endsWith('/zones'))).toHaveLength(1))
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children)
    const page = renderHook(() => useDataset('zones'), { wrapper })
    // The page's own query never fails (not answered through the query's retry, a second later).
    let pageFailures = 0
    const stop = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'failed' && e.query.queryKey.at(-1) !== 'stored') pageFailures++
    })
    release()
    await vi.waitFor(() => expect(page.result.current.data?.map((z) => z.zoneId)).toEqual(['main_0', 'main_1']))
    stop()
    expect(pageFailures).toBe(0)
    expect(page.result.current.error).toBeNull()
    expect(asked.filter((p) => p.endsWith('/zones'))).toHaveLength(2)
    await boot
  })

  it('once an answer is in, the next request for it goes to the network', async () => {
    const { asked, release } = serve()
    release()
    const zoneIds = async () => ((await prefetchDataset('zones', true)) as { zoneId: string }[]).map((z) => z.zoneId)
    expect(await zoneIds()).toEqual(['main_0', 'main_1'])
    expect(await zoneIds()).toEqual(['main_0', 'main_1'])
    expect(asked.filter((p) => p.endsWith('/zones'))).toHaveLength(2)
  })
})

describe('a dataset answered again', () => {
  const zonesKey = datasetKey('zones', 'CN', 'all', null)
  const cached = () => queryClient.getQueryData(zonesKey) as { zoneId: string }[]

  it('an answer equal to the one before keeps its objects, so nothing reading them renders again', async () => {
    const { release } = serve()
    release()
    await prefetchDataset('zones', true)
    const first = cached()
    await prefetchDataset('zones', true)
    expect(cached()).toBe(first)
  })

  it("a list of another length (a page's part becoming the whole list) is taken as it came, not compared item by item", async () => {
    const { release } = serve()
    release()
    await prefetchDataset('zones', true)
    // A server-rendered page seeds its part of the list (app/page-seed.ts) ...
    const part = [structuredClone(cached()[0]!)]
    queryClient.setQueryData(zonesKey, part)
    const seeded = cached()[0]
    // ... and the whole list follows: its first zone equals the part's, but is the answer's own object.
    await prefetchDataset('zones', true)
    expect(cached().map((z) => z.zoneId)).toEqual(['main_0', 'main_1'])
    expect(cached()[0]).toEqual(seeded)
    expect(cached()[0]).not.toBe(seeded)
  })
})

describe('an answer that breaks off or is not what it claims', () => {
  it('a body cut off mid-answer (the server stopped) is never taken in part: the retry reads the whole list', async () => {
    const whole = new TextEncoder().encode(JSON.stringify(ZONES))
    let calls = 0
    vi.stubGlobal('fetch', async () => {
      calls++
      if (calls > 1) return new Response(whole, { status: 200 })
      // The headers and half of the list arrive, then the connection drops.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(whole.slice(0, whole.length / 2))
          controller.error(new TypeError('network error'))
        },
      })
      return new Response(body, { status: 200 })
    })
    const zones = (await prefetchDataset('zones', true)) as { zoneId: string }[]
    expect(calls).toBe(2)
    expect(zones.map((z) => z.zoneId)).toEqual(['main_0', 'main_1'])
  })

  it('bytes that are not UTF-8 JSON of the right shape are refused, and nothing is cached for them', async () => {
    // Invalid UTF-8 (a lone continuation byte) inside what would otherwise be JSON.
    vi.stubGlobal('fetch', async () => new Response(new Uint8Array([0x5b, 0x80, 0x5d]), { status: 200 }))
    await expect(prefetchDataset('zones', true)).rejects.toThrow(SyntaxError)
    // Well-formed JSON of another shape.
    vi.stubGlobal('fetch', async () => new Response(new TextEncoder().encode('[{"zoneId":1}]'), { status: 200 }))
    await expect(prefetchDataset('zones', true)).rejects.toThrow('Invalid structure')
    expect(queryClient.getQueryData(datasetKey('zones', 'CN', 'all', null))).toBeUndefined()
    expect(dataCache.get('_shared', 'zones')).toBeUndefined()
  })
})

describe('a new game-data version (issue 36)', () => {
  it('fetches the list on screen and the stored lists again past the browser cache: the new zone shows without a reload', async () => {
    installApiHooks()
    let version = 1
    const asked: { path: string; cache: RequestCache | undefined }[] = []
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname
      asked.push({ path, cache: init?.cache })
      const zones = version === 1 ? ZONES : [...ZONES, buildZone('act90side_zone1')]
      const body = path.endsWith('/zones') ? JSON.stringify(zones) : path.endsWith('/config') ? '{}' : '[]'
      const headers = { 'Content-Type': 'application/json', 'X-Dropwise-Data-Version': String(version) }
      return new Response(init?.method === 'HEAD' ? null : body, { status: 200, headers })
    })
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children)
    const page = renderHook(() => useDataset('zones'), { wrapper })
    await vi.waitFor(() => expect(page.result.current.data?.map((z) => z.zoneId)).toEqual(['main_0', 'main_1']))
    expect(gameDataVersion.known()).toBe(1)
    expect(asked.every((a) => a.cache === undefined)).toBe(true)

    // A sync applied version 2; the next answer of any kind says so (here the page's periodic question).
    version = 2
    const before = asked.length
    await apiRequest('/config', { method: 'HEAD', cache: 'no-store' })
    await vi.waitFor(() => expect(page.result.current.data?.map((z) => z.zoneId)).toEqual(['main_0', 'main_1', 'act90side_zone1']))
    const again = asked.slice(before + 1)
    for (const list of ['/zones', '/stages', '/items'])
      expect(
        again.filter((a) => a.path.endsWith(list)),
        list,
      ).toEqual([{ path: expect.stringMatching(list), cache: 'no-cache' }])
    await vi.waitFor(() => expect((dataCache.get('_shared', 'zones')?.c as { zoneId: string }[]).map((z) => z.zoneId)).toContain('act90side_zone1'))
    expect(gameDataVersion.known()).toBe(2)
  })
})
