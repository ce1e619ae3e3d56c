import { useQuery } from '@tanstack/react-query'
import { isRecord } from './guards'

/** The game data the server serves (`GET /api/_/data`, docs/api-extensions.md §3j): the current version only, not the list of every version. */
export const GAME_DATA_PATH = '/api/_/data?limit=0'

export interface GameDataState {
  version: number
  /** Epoch ms of the newest source the data was derived from. */
  asOf: number
  /** The last sync when it did not apply (refused or failed), with its reason. */
  problem: { outcome: 'refused' | 'failed'; reason: string; at: number } | null
}

/** The fields the page shows, checked one by one; null for anything else. */
export const readGameData = (body: unknown): GameDataState | null => {
  if (!isRecord(body) || !isRecord(body.current)) return null
  const { version, asOf } = body.current
  if (typeof version !== 'number' || typeof asOf !== 'number') return null
  const last = isRecord(body.lastSync) ? body.lastSync : null
  const bad = last && (last.outcome === 'refused' || last.outcome === 'failed') && typeof last.reason === 'string' && typeof last.at === 'number'
  return { version, asOf, problem: bad ? { outcome: last.outcome as 'refused' | 'failed', reason: last.reason as string, at: last.at as number } : null }
}

/** null on a server without the route (404); throws on other errors. */
export const getGameData = async (): Promise<GameDataState | null> => {
  const res = await fetch(GAME_DATA_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
  if (res.status === 404) return null
  if (!res.ok) throw new Error(`(${res.status}) ${res.statusText}`)
  return readGameData(await res.json())
}

/** No abort signal, like the about content: leaving the page does not cut the few bytes off. */
export const useGameData = () => useQuery({ queryKey: ['game-data'], queryFn: getGameData, staleTime: 5 * 60_000, retry: 1 })
