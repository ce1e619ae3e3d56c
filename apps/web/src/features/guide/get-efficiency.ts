import type { EfficiencyResponse, Server } from '@dropwise/schemas'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiGetJson } from '../../lib/api'
import { checkAnswer } from '../../lib/answer-schemas'

export interface EfficiencyParams {
  server: Server
  /** Value LMD (the planner's default: true). */
  lmd: boolean
  /** Value EXP (the planner's default: true). */
  exp: boolean
}

/** One stage's or one item's part of the answer (`stageId`, `itemId`: the stats pages' badges). */
export interface EfficiencyPart {
  stageId?: string
  itemId?: string
}

/** The server answers from memory and sends `max-age=300`: asking again sooner gains nothing. */
const STALE_MS = 300_000

/**
 * `GET /efficiency` (docs/api-extensions.md §3f), checked against the shared schema in its JSON Schema form
 * (lib/answer-schemas.ts): zod's own set-up was a 12-16 ms task on the stats pages, for their badges.
 */
export const getEfficiency = (q: EfficiencyParams, signal?: AbortSignal, part: EfficiencyPart = {}): Promise<EfficiencyResponse> => {
  const params = new URLSearchParams({ server: q.server })
  if (!q.lmd) params.set('lmd', 'false')
  if (!q.exp) params.set('exp', 'false')
  if (part.stageId !== undefined) params.set('stageId', part.stageId)
  if (part.itemId !== undefined) params.set('itemId', part.itemId)
  return apiGetJson(`/efficiency?${params.toString()}`, signal).then((d) => checkAnswer<EfficiencyResponse>('efficiency', d))
}

/**
 * No abort signal: the answer is shared by the guide and the stats pages' chips, and a chip unmounted by a
 * navigation would otherwise cancel a download the next page needs again at once.
 */
export const efficiencyQueryOptions = (q: EfficiencyParams) => queryOptions({ queryKey: ['efficiency', q], queryFn: () => getEfficiency(q), staleTime: STALE_MS })

/**
 * The answer for `q`. While another LMD/EXP choice loads, the last answer of the same server stays on
 * screen (`isPlaceholderData`); another server's figures never stand in.
 */
export const useEfficiency = (q: EfficiencyParams) =>
  useQuery({ ...efficiencyQueryOptions(q), placeholderData: (previous) => (previous?.server === q.server ? previous : undefined) })

/**
 * One stage's or one item's part, for the stats pages' badges: a few hundred bytes where the whole
 * answer is ~270 KB gzip (and a long parse on the page). The guide's whole answer, when it is in
 * memory, holds the part already and stands in for it.
 */
export const useEfficiencyPart = (q: EfficiencyParams, part: EfficiencyPart) => {
  const client = useQueryClient()
  return useQuery({
    queryKey: ['efficiency', q, part],
    queryFn: () => getEfficiency(q, undefined, part),
    staleTime: STALE_MS,
    initialData: () => client.getQueryData<EfficiencyResponse>(['efficiency', q]),
    initialDataUpdatedAt: () => client.getQueryState(['efficiency', q])?.dataUpdatedAt,
  })
}
