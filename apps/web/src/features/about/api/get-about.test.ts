import { afterEach, describe, expect, it, vi } from 'vitest'
import { ABOUT_PATH, getAbout } from './get-about'

afterEach(() => vi.unstubAllGlobals())
const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, statusText: String(status) }))

describe('GET /api/_/about', () => {
  it('answers the content, null when none is set or the server predates the route, and throws on a server error', async () => {
    const ok = answer(200, { content: { email: 'a@b.example' }, updatedAt: 1 })
    vi.stubGlobal('fetch', ok)
    expect(await getAbout()).toEqual({ email: 'a@b.example' })
    expect(ok).toHaveBeenCalledWith(ABOUT_PATH, expect.objectContaining({ credentials: 'same-origin' }))
    vi.stubGlobal('fetch', answer(200, { content: null, updatedAt: null }))
    expect(await getAbout()).toBeNull()
    vi.stubGlobal('fetch', answer(404, { code: 'NOT_FOUND', message: 'x' }))
    expect(await getAbout()).toBeNull()
    vi.stubGlobal('fetch', answer(503, { code: 'SERVICE_UNAVAILABLE', message: 'x' }))
    await expect(getAbout()).rejects.toThrow('(503)')
  })
})
