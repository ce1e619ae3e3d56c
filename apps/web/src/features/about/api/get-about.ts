import { useQuery } from '@tanstack/react-query'
import { isRecord } from '../../../lib/guards'

/** The about pages' content the operator set (`GET /api/_/about`, docs/api-extensions.md §3h). */
export const ABOUT_PATH = '/api/_/about'

/**
 * The `content` of the answer (checked field by field by `readAboutContent`), or null: none set, or a
 * server without the route (older servers answer 404; the pages then read `/config` `community`).
 */
export const getAbout = async (signal?: AbortSignal): Promise<unknown> => {
  const res = await fetch(ABOUT_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' }, ...(signal ? { signal } : {}) })
  if (res.status === 404) return null
  if (!res.ok) throw new Error(`(${res.status}) ${res.statusText}`)
  const body: unknown = await res.json()
  return isRecord(body) ? (body.content ?? null) : null
}

export const ABOUT_QUERY_KEY = ['about'] as const
export const useAbout = () => useQuery({ queryKey: ABOUT_QUERY_KEY, queryFn: ({ signal }) => getAbout(signal), staleTime: 5 * 60_000, retry: 1 })
