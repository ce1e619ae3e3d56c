import type { PlannerData, PlanRequest } from '@dropwise/planner'
import type { Server } from '@dropwise/schemas'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { apiGetJson } from '../../lib/api'
import { createPlannerEngine, spawnPlannerWorker, type EngineResult, type PlannerEngine } from './planner-engine'
import { wantsAnything } from './plan-request'

/** Re-solve this long after the last edit. */
export const LIVE_DEBOUNCE_MS = 300

const asList = (raw: unknown, key: string): unknown[] => {
  if (Array.isArray(raw)) return raw
  if (raw !== null && typeof raw === 'object' && Array.isArray((raw as Record<string, unknown>)[key])) return (raw as Record<string, unknown[]>)[key] ?? []
  throw new Error(`unexpected answer for ${key}`)
}

/**
 * What the planner reads for one server, from the same endpoints the server's own planner reads:
 * every item, the server's stages, its global matrix of open stages, the formulas.
 */
export const fetchPlannerData = async (server: Server, signal?: AbortSignal): Promise<PlannerData> => {
  const [items, stages, matrix, formulas] = await Promise.all([
    apiGetJson('/items', signal),
    apiGetJson(`/stages?server=${server}`, signal),
    apiGetJson(`/result/matrix?server=${server}`, signal),
    apiGetJson('/formula', signal),
  ])
  return {
    items: asList(items, 'items') as PlannerData['items'],
    stages: asList(stages, 'stages') as PlannerData['stages'],
    matrix: asList(matrix, 'matrix') as PlannerData['matrix'],
    formulas: asList(formulas, 'formulas') as PlannerData['formulas'],
    now: Date.now(),
  }
}

export type EngineStatus = 'idle' | 'loading-data' | 'loading-solver' | 'ready' | 'failed'

export interface LiveResult extends EngineResult {
  key: string
}

/**
 * The in-browser planner: fetches the server's data, loads it into the worker, and re-solves
 * `request` {@link LIVE_DEBOUNCE_MS} after it last changed. `solve` runs one request now.
 */
export const usePlannerEngine = (server: Server, request: PlanRequest | null) => {
  const key = request && wantsAnything(request) ? JSON.stringify(request) : null
  // The data and the solver load once there is something to plan, not on a mere visit.
  const [active, setActive] = useState(false)
  if (key !== null && !active) setActive(true)
  const source = useQuery({
    queryKey: ['planner-source', server],
    queryFn: ({ signal }) => fetchPlannerData(server, signal),
    staleTime: 10 * 60_000,
    retry: 1,
    enabled: active,
  })
  const engineRef = useRef<PlannerEngine | null>(null)
  const [status, setStatus] = useState<EngineStatus>('idle')
  const [error, setError] = useState<string | null>(null)
  const [loadedAt, setLoadedAt] = useState(0)
  const [live, setLive] = useState<LiveResult | null>(null)
  const [liveBusy, setLiveBusy] = useState(false)

  useEffect(
    () => () => {
      engineRef.current?.dispose()
      engineRef.current = null
    },
    [],
  )

  useEffect(() => {
    if (!active) return
    const engine = (engineRef.current ??= createPlannerEngine(spawnPlannerWorker))
    if (source.error) {
      setStatus('failed')
      setError(source.error instanceof Error ? source.error.message : String(source.error))
      return
    }
    if (!source.data) {
      setStatus('loading-data')
      return
    }
    let cancelled = false
    setStatus('loading-solver')
    setError(null)
    engine.load(server, source.data).then(
      () => {
        if (cancelled) return
        setStatus('ready')
        setLoadedAt((n) => n + 1)
      },
      (err: unknown) => {
        if (cancelled) return
        setStatus('failed')
        setError(err instanceof Error ? err.message : String(err))
      },
    )
    return () => {
      cancelled = true
    }
  }, [active, server, source.data, source.error])

  useEffect(() => {
    const engine = engineRef.current
    if (!engine || status !== 'ready' || key === null) {
      setLiveBusy(false)
      return
    }
    let cancelled = false
    setLiveBusy(true)
    const timer = setTimeout(() => {
      engine.plan(JSON.parse(key) as PlanRequest).then(
        (result) => {
          if (cancelled) return
          setLive({ ...result, key })
          setLiveBusy(false)
        },
        () => {
          if (!cancelled) setLiveBusy(false)
        },
      )
    }, LIVE_DEBOUNCE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [key, status, loadedAt])

  const solve = async (req: PlanRequest): Promise<EngineResult> => {
    const engine = engineRef.current
    if (!engine || status !== 'ready') throw new Error('solver not ready')
    return engine.plan(req)
  }

  return {
    status,
    error,
    retry: () => void source.refetch(),
    live: live && live.key === key ? live : null,
    /** A result for an older request, kept on screen while the new one is solved. */
    stale: live && live.key !== key ? live : null,
    liveBusy,
    hasRequest: key !== null,
    /** The workshop recipes the solver was given (null until loaded), so crafts can be shown in whole items. */
    formulas: source.data?.formulas ?? null,
    solve,
  }
}
