import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { iconSheetQueryOptions, readItemSprite } from './item-icons'

const INDEX = { size: 64, cols: 2, rows: 1, items: { '30012': [1, 0] } }
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })

/** Answers by path; records what was asked. */
const serve = (routes: Record<string, unknown>) => {
  const asked: string[] = []
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url)
    return Promise.resolve(url in routes ? json(routes[url]) : new Response('', { status: 404 }))
  })
  return asked
}

afterEach(() => void vi.unstubAllGlobals())

describe('iconSheetQueryOptions', () => {
  const run = (known: Parameters<typeof iconSheetQueryOptions>[0]) => new QueryClient().fetchQuery(iconSheetQueryOptions(known))

  it('loads the index /config names, without asking for the status', async () => {
    const asked = serve({ '/i.json': INDEX })
    const answer = await run({ sheetUrl: '/s.webp', indexUrl: '/i.json' })
    expect(answer.kind === 'sheet' && [answer.sheet.sheetUrl, [...answer.sheet.cells]]).toEqual(['/s.webp', [['30012', [1, 0]]]])
    expect(asked).toEqual(['/i.json'])
  })

  it('asks the live status when the stored /config predates the sheet', async () => {
    const asked = serve({
      '/api/_/assets': { state: 'ready', done: 3, total: 3, reason: null, recognizer: null, itemIcons: { sheetUrl: '/s2.webp', indexUrl: '/i2.json' } },
      '/i2.json': INDEX,
    })
    expect((await run(null)).kind).toBe('sheet')
    expect(asked).toEqual(['/api/_/assets', '/i2.json'])
  })

  it.each([
    ['fetching', 'waiting'],
    ['unavailable', 'none'],
    ['off', 'none'],
  ])('a server %s has no sheet yet: %s', async (state, kind) => {
    serve({ '/api/_/assets': { state, done: 0, total: 0, reason: null, recognizer: null, itemIcons: null } })
    expect(await run(null)).toEqual({ kind })
  })
})

describe('readItemSprite', () => {
  it.each([
    [{ itemSprite: { url: '/sprite.png' } }, '/sprite.png'],
    [{ itemSprite: { url: '' } }, undefined],
    [{ itemSprite: '/sprite.png' }, undefined],
    [undefined, undefined],
  ])('%j → %s', (config, want) => expect(readItemSprite(config)).toBe(want))
})
