import type { EfficiencyResponse, Server } from '@dropwise/schemas'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { apiGetJson } from '../../lib/api'
import { checkAnswer } from '../../lib/answer-schemas'

/** The farming guide's own choice: LMD and EXP valued (its page's default), so the figures are the ones it shows. */
export const GUIDE_CHOICE = { lmd: true, exp: true } as const

/** The server answers from memory and sends `max-age=300`: asking again sooner gains nothing. */
const STALE_MS = 300_000

/**
 * The guide's item values for `server` (`GET /efficiency?view=values`, docs/api-extensions.md §3f): the values
 * and crafts without the stages, a few KB where the guide's whole answer is ~270 KB gzip.
 */
export const getGuideValues = (server: Server): Promise<EfficiencyResponse> =>
  apiGetJson(`/efficiency?${new URLSearchParams({ server, view: 'values' }).toString()}`).then((d) => checkAnswer<EfficiencyResponse>('efficiency', d))

/** The guide's values beside a plan's; the guide's whole answer stands in when it is in memory (same figures). */
export const useGuideValues = (server: Server) => {
  const client = useQueryClient()
  const whole = ['efficiency', { server, ...GUIDE_CHOICE }]
  return useQuery({
    queryKey: ['efficiency', { server, ...GUIDE_CHOICE }, { view: 'values' }],
    queryFn: () => getGuideValues(server),
    staleTime: STALE_MS,
    initialData: () => client.getQueryData<EfficiencyResponse>(whole),
    initialDataUpdatedAt: () => client.getQueryState(whole)?.dataUpdatedAt,
  })
}
