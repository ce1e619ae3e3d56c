import type { HeldReportsResponse } from '@dropwise/schemas'
import { queryOptions } from '@tanstack/react-query'
import { apiGetJson } from '../../lib/api'
import { checkAnswer } from '../../lib/answer-schemas'

/**
 * `GET /_private/report/held` (docs/api-extensions.md §3h): the logged-in player's reports held until the game
 * data knows their stage or items. The API client adds the PenguinID (the path contains `/report`).
 */
export const getHeldReports = (signal?: AbortSignal): Promise<HeldReportsResponse> =>
  apiGetJson('/_private/report/held', signal).then((d) => checkAnswer<HeldReportsResponse>('heldReports', d))

export const heldReportsQueryOptions = (username: string) =>
  queryOptions({ queryKey: ['held-reports', username], queryFn: ({ signal }) => getHeldReports(signal), staleTime: 30_000 })
