import { EfficiencyResponseSchema, type EfficiencyResponse, type Server } from '@dropwise/schemas'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiGetJson } from '../../lib/api'

export interface EfficiencyParams {
  server: Server
  /** Value LMD (the planner's default: true). */
  lmd: boolean
  /** Value EXP (the planner's default: true). */
  exp: boolean
}

/** The server answers from memory and sends `max-age=300`: asking again sooner gains nothing. */
const STALE_MS = 300_000

/** `GET /efficiency` (docs/api-extensions.md §3f), checked against the shared schema. */
export const getEfficiency = (q: EfficiencyParams, signal?: AbortSignal): Promise<EfficiencyResponse> => {
  const params = new URLSearchParams({ server: q.server })
  if (!q.lmd) params.set('lmd', 'false')
  if (!q.exp) params.set('exp', 'false')
  return apiGetJson(`/efficiency?${params.toString()}`, signal).then((d) => EfficiencyResponseSchema.parse(d))
}

/**
 * No abort signal: the answer is shared by the guide and the stats pages' chips, and a chip unmounted by a
 * navigation would otherwise cancel a download the next page needs again at once.
 */
export const efficiencyQueryOptions = (q: EfficiencyParams) =>
  queryOptions({ queryKey: ['efficiency', q], queryFn: () => getEfficiency(q), staleTime: STALE_MS })

/**
 * The answer for `q`. While another LMD/EXP choice loads, the last answer of the same server stays on
 * screen (`isPlaceholderData`); another server's figures never stand in.
 */
export const useEfficiency = (q: EfficiencyParams) =>
  useQuery({ ...efficiencyQueryOptions(q), placeholderData: (previous) => (previous?.server === q.server ? previous : undefined) })
