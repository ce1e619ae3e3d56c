import type { Item } from '@dropwise/schemas'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { datasetKey } from '../lib/data'
import { readIconIndex, ITEM_ICONS_KEY, type IconSheetAnswer } from '../lib/item-icons'
import { settingsStore } from '../lib/state-hooks'
import { buildItem } from '../testing/builders'
import { chooseIconArt, ItemArtProvider } from './item-art'
import { ItemIcon } from './item-icon'

const sheet = readIconIndex({ size: 64, cols: 10, rows: 4, items: { '30012': [3, 2], '2001': [0, 0] } }, '/assets/icons/items.webp')!
const orirock = { itemId: '30012', spriteCoord: [1, 4] as [number, number] }
const unknown = { itemId: 'act99_token', spriteCoord: undefined }

describe('chooseIconArt', () => {
  it('draws the sheet cell of an item the index has, scaled to the display size', () =>
    expect(chooseIconArt(orirock, 32, sheet, null)).toEqual({
      kind: 'art',
      style: { backgroundImage: 'url("/assets/icons/items.webp")', backgroundSize: '320px 128px', backgroundPosition: '-96px -64px' },
    }))

  it.each([
    ['an item the index lacks', { ...orirock, itemId: '99999' }, sheet],
    ['no sheet on this server', orirock, null],
  ] as const)('falls back to the sprite for %s', (_name, item, s) =>
    expect(chooseIconArt(item, 48, s, '/operator/sprite.png')).toEqual({
      kind: 'sprite',
      style: { backgroundImage: 'url("/operator/sprite.png")', backgroundSize: '288px 912px', backgroundPosition: '-48px -192px' },
    }),
  )

  it.each([
    ['without a sheet of real art', orirock, null],
    ['without a sprite coordinate in the operator’s sheet', unknown, '/operator/sprite.png'],
  ] as const)('draws the item’s own icon %s', (_name, item, url) => expect(chooseIconArt(item, 48, null, url)).toEqual({ kind: 'drawn' }))

  it('draws an empty tile while the index is on its way', () => expect(chooseIconArt(orirock, 48, 'loading', null)).toEqual({ kind: 'blank' }))
})

describe('readIconIndex', () => {
  it('leaves out cells outside the sheet and malformed entries', () => {
    const s = readIconIndex({ size: 64, cols: 2, rows: 2, items: { a: [1, 1], b: [2, 0], c: [0, -1], d: 'x', e: [0.5, 0] } }, '/s.webp')
    expect([...(s?.cells.keys() ?? [])]).toEqual(['a'])
  })

  it.each([[null], [{ size: 0, cols: 1, rows: 1, items: {} }], [{ size: 64, cols: 1, rows: 1 }], [[1, 2]]])('%j is not an index', (raw) =>
    expect(readIconIndex(raw, '/s.webp')).toBeNull(),
  )
})

const item = (itemId: string): Item => buildItem(itemId, { spriteCoord: [1, 4] })

const withServer = (config: Record<string, unknown>, icons?: IconSheetAnswer) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(datasetKey('config', 'CN', 'all', null), config)
  const indexUrl = (config.itemIcons as { indexUrl?: string } | undefined)?.indexUrl ?? null
  if (icons) client.setQueryData([...ITEM_ICONS_KEY, indexUrl], icons)
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ItemArtProvider>{children}</ItemArtProvider>
    </QueryClientProvider>
  )
}

afterEach(() => {
  cleanup()
  settingsStore.set({ iconSprite: '' })
})

describe('ItemIcon', () => {
  const icons = { sheetUrl: '/assets/icons/items.webp', indexUrl: '/assets/icons/index.json' }

  /** Icons of these items on a server whose sheet is loaded. */
  const withSheet = (ids: string[]) =>
    render(
      <>
        {ids.map((id) => (
          <ItemIcon key={id} item={item(id)} />
        ))}
      </>,
      { wrapper: withServer({ itemIcons: icons, assets: { state: 'ready' } }, { kind: 'sheet', sheet }) },
    )

  it('shows the game art for an item in the index, and the drawn icon for one that is not', () => {
    withSheet(['30012', '99999'])
    expect(screen.getByRole('img', { name: '30012' }).getAttribute('data-art')).toBe('art')
    expect(screen.getByRole('img', { name: '99999' }).getAttribute('data-art')).toBe('drawn')
  })

  it('keeps the drawn icons on a server that announces no sheet', () => {
    render(<ItemIcon item={item('30012')} />, { wrapper: withServer({}) })
    expect(screen.getByRole('img', { name: '30012' }).getAttribute('data-art')).toBe('drawn')
  })

  it('asks for the icon index only once an icon shows', async () => {
    const asked: string[] = []
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url)
      return Promise.resolve(new Response(JSON.stringify({ size: 64, cols: 10, rows: 4, items: { '30012': [3, 2] } }), { status: 200 }))
    })
    const wrapper = withServer({ itemIcons: icons, assets: { state: 'ready' } })
    const { rerender } = render(<p>no items here</p>, { wrapper })
    await new Promise((r) => setTimeout(r, 20))
    expect(asked).toEqual([])
    rerender(<ItemIcon item={item('30012')} />)
    await vi.waitFor(() => expect(screen.getByRole('img', { name: '30012' }).getAttribute('data-art')).toBe('art'))
    expect(asked).toEqual([icons.indexUrl])
    vi.unstubAllGlobals()
  })

  it('draws the icons outside the app (no art source), without asking anything', () => {
    render(<ItemIcon item={item('30012')} />)
    expect(screen.getByRole('img', { name: '30012' }).getAttribute('data-art')).toBe('drawn')
  })

  it('puts the item’s cell inline: icons share their classes', () => {
    withSheet(['30012', '2001'])
    const [a, b] = ['30012', '2001'].map((id) => screen.getByRole('img', { name: id }))
    expect(a!.className).toBe(b!.className)
    expect(a!.style.backgroundPosition).toBe('-144px -96px')
    expect(b!.style.backgroundPosition).toBe('0px 0px')
  })

  it('draws two items without art differently, from their names in the UI language', () => {
    render(
      <>
        <ItemIcon item={buildItem('30012', { name_i18n: { zh: '固源岩', en: 'Orirock Cube', ja: '初級源岩', ko: '원암 큐브' } })} />
        <ItemIcon item={buildItem('2001', { name_i18n: { zh: '基础作战记录', en: 'Drill Battle Record', ja: '入門作戦記録', ko: '기초작전기록' } })} />
      </>,
    )
    const look = (name: string) => screen.getByRole('img', { name }).getAttribute('data-drawn')?.split(' ')
    expect(look('Orirock Cube')).toEqual([expect.any(String), expect.any(String), 'OC'])
    expect(look('Drill Battle Record')?.[2]).toBe('DBR')
    expect(look('Orirock Cube')?.slice(0, 2)).not.toEqual(look('Drill Battle Record')?.slice(0, 2))
    // The letters are in the image, not in the page's text: a link around the icon keeps the name as its visible text.
    const icon = screen.getByRole('img', { name: 'Orirock Cube' })
    expect(icon.textContent).toBe('')
    expect(decodeURIComponent(icon.style.backgroundImage)).toMatch(/^url\("data:image\/svg\+xml,<svg .*>OC<\/text><\/svg>"\)$/)
  })

  it('keeps the drawn icons while the server is still building the sheet', () => {
    render(<ItemIcon item={item('30012')} />, { wrapper: withServer({ assets: { state: 'fetching' } }, { kind: 'waiting' }) })
    expect(screen.getByRole('img', { name: '30012' }).getAttribute('data-art')).toBe('drawn')
  })
})
