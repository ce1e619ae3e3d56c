import { afterEach, describe, expect, it, vi } from 'vitest'
import { GAME_DATA_PATH, getGameData, readGameData } from './use-game-data'

afterEach(() => vi.unstubAllGlobals())
const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, statusText: String(status) }))
const current = { version: 3, origin: 'sync', appliedAt: 2, asOf: 1_787_000_000_000, sources: [], counts: {}, changes: {} }

describe('GET /api/_/data', () => {
  it('reads the version, its date and a refused last sync with its reason', async () => {
    const ok = answer(200, { current, lastSync: { at: 5, outcome: 'refused', reason: 'maa/stages.json is not valid JSON', version: null }, versions: [current] })
    vi.stubGlobal('fetch', ok)
    expect(await getGameData()).toEqual({ version: 3, asOf: 1_787_000_000_000, problem: { outcome: 'refused', reason: 'maa/stages.json is not valid JSON', at: 5 } })
    expect(ok).toHaveBeenCalledWith(GAME_DATA_PATH, expect.objectContaining({ credentials: 'same-origin' }))
  })

  it('says nothing of a sync that applied or found nothing new', () => {
    for (const outcome of ['applied', 'unchanged']) expect(readGameData({ current, lastSync: { at: 5, outcome, reason: null, version: 3 } })?.problem).toBeNull()
    expect(readGameData({ current, lastSync: null })).toMatchObject({ version: 3, problem: null })
  })

  it('is null for an older server or another shape, and throws on a server error', async () => {
    vi.stubGlobal('fetch', answer(404, { code: 'NOT_FOUND', message: 'x' }))
    expect(await getGameData()).toBeNull()
    expect(readGameData({ current: { version: '3' } })).toBeNull()
    expect(readGameData([])).toBeNull()
    vi.stubGlobal('fetch', answer(503, { code: 'SERVICE_UNAVAILABLE', message: 'x' }))
    await expect(getGameData()).rejects.toThrow('(503)')
  })
})
