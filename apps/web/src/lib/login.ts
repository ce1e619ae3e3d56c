import { apiRequest } from './api'
import { loadParsers } from './datasets'
import { adoptUserId } from './session'

export type LoginResult = { ok: true; id: string } | { ok: false; reason: 'not-found' | 'failed'; message: string }

/**
 * POST /users with the id as text/plain. The id comes from `X-Penguin-Set-PenguinID` (adopted by
 * the API hooks) or, failing that, from the `{userID}` body. 404 and the v2 `NOT_FOUND` error
 * code both mean "no such user".
 */
export const login = async (rawId: string): Promise<LoginResult> => {
  const id = rawId.trim()
  try {
    const { text, headers } = await apiRequest('/users', { method: 'POST', body: id, contentType: 'text/plain' })
    let confirmed = headers.get('X-Penguin-Set-PenguinID')
    if (!confirmed) {
      try {
        confirmed = (await loadParsers()).parseLoginResponse(JSON.parse(text)).userID
      } catch {
        confirmed = id
      }
    }
    adoptUserId(decodeURIComponent(confirmed))
    return { ok: true, id: confirmed }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    const status = (err as { status?: number | null }).status
    if (status === 404 || message.includes('NOT_FOUND') || message.includes('not found')) return { ok: false, reason: 'not-found', message }
    return { ok: false, reason: 'failed', message }
  }
}
