import { useQuery } from '@tanstack/react-query'
import { isRecord } from '../../../lib/guards'

/** The about pages' content the operator set (`GET /api/_/about`, docs/api-extensions.md §3i). */
export const ABOUT_PATH = '/api/_/about'

/**
 * The `content` of the answer (checked field by field by `readAboutContent`), or null: none set, or a
 * server without the route (older servers answer 404; the pages then read `/config` `community`).
 */
export const getAbout = async (): Promise<unknown> => {
  const res = await fetch(ABOUT_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
  if (res.status === 404) return null
  if (!res.ok) throw new Error(`(${res.status}) ${res.statusText}`)
  const body: unknown = await res.json()
  return isRecord(body) ? (body.content ?? null) : null
}

export const ABOUT_QUERY_KEY = ['about'] as const
/**
 * No abort signal: leaving an about page while the answer is on its way would cut the request off (an
 * aborted request is a failure to the browser journeys); the few bytes are kept for the next page.
 */
export const useAbout = () => useQuery({ queryKey: ABOUT_QUERY_KEY, queryFn: getAbout, staleTime: 5 * 60_000, retry: 1 })
