import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { datasetKey, queryClient } from '../../lib/data'
import { buildStage, buildZone } from '../../testing/builders'
import { useStageCatalog } from './use-stage-catalog'

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>

afterEach(() => {
  cleanup()
  queryClient.clear()
  vi.unstubAllGlobals()
})

describe('useStageCatalog', () => {
  it('keeps the same catalog while a list is refetched, and a new one once the list changed', async () => {
    // The lists as a server-rendered page seeds them: known, and old (asked for again at once).
    queryClient.setQueryData(datasetKey('stages', 'CN', 'all', null), [buildStage('main_01-07')], { updatedAt: 0 })
    queryClient.setQueryData(datasetKey('zones', 'CN', 'all', null), [buildZone('main_1', { stages: ['main_01-07'] })], { updatedAt: 0 })
    let answer = (_: Response) => undefined as void
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)))
    let renders = 0
    const hook = renderHook(
      () => {
        renders++
        return useStageCatalog()
      },
      { wrapper },
    )
    const first = hook.result.current
    expect(first.ready).toBe(true)
    // The refetches start (the query's state changes, so the hook renders again): nothing a reader shows changed.
    await vi.waitFor(() => expect(queryClient.isFetching()).toBeGreaterThan(0))
    hook.rerender()
    expect(renders).toBeGreaterThan(1)
    expect(hook.result.current).toBe(first)
    // A list that changes makes a new catalog.
    act(() => {
      queryClient.setQueryData(datasetKey('stages', 'CN', 'all', null), [buildStage('main_01-07'), buildStage('main_01-08')])
    })
    await vi.waitFor(() => expect(hook.result.current.stagesById.size).toBe(2))
    expect(hook.result.current).not.toBe(first)
    answer(new Response('[]'))
  })
})
