import type { MyReportsResponse } from '@dropwise/schemas'
import { infiniteQueryOptions } from '@tanstack/react-query'
import { apiGetJson, apiRequest } from '../../lib/api'
import { checkAnswer } from '../../lib/answer-schemas'
import { queryClient } from '../../lib/data'

const PAGE = 25

/**
 * `GET /_private/report/mine` (docs/api-extensions.md §3k): one page of the logged-in player's reports, newest
 * first, held ones included. The API client adds the PenguinID (the path contains `/report`).
 */
export const getMyReports = (before: string | null, signal?: AbortSignal): Promise<MyReportsResponse> =>
  apiGetJson(`/_private/report/mine?limit=${PAGE}${before ? `&before=${encodeURIComponent(before)}` : ''}`, signal).then((d) =>
    checkAnswer<MyReportsResponse>('myReports', d),
  )

export const myReportsQueryOptions = (username: string) =>
  infiniteQueryOptions({
    queryKey: ['my-reports', username],
    queryFn: ({ pageParam, signal }) => getMyReports(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 10_000,
  })

/**
 * `POST /report/recall` (api-v2 §7.6), then the list and the personal matrices are read again, so the recall
 * shows in the list and on the stats pages at once.
 */
export const recallMyReport = async (reportHash: string) => {
  await apiRequest('/report/recall', { method: 'POST', body: JSON.stringify({ reportHash }), contentType: 'application/json' })
  await Promise.allSettled([
    queryClient.invalidateQueries({ queryKey: ['my-reports'] }),
    queryClient.invalidateQueries({ queryKey: ['dataset', 'personalMatrix'] }),
    queryClient.invalidateQueries({ queryKey: ['dataset', 'personalPatternMatrix'] }),
  ])
}
