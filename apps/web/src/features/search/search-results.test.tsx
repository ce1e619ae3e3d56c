import type { Item, Stage, Zone } from '@dropwise/schemas'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { datasetKey } from '../../lib/data'
import { ResultCard } from './search-results'

/* Without i18next initialised, t() returns the keys: the assertions read keys, not translations. */
const names = (id: string) => ({ zh: id, en: id, ja: id, ko: id })
const everywhere = { CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } }
const items = [
  {
    itemId: '30012',
    name: 'Orirock',
    name_i18n: names('Orirock'),
    existence: everywhere,
    itemType: 'MATERIAL',
    sortId: 1,
    rarity: 1,
    groupID: null,
    alias: null,
    pron: null,
  } as Item,
]
const stages = [
  { stageId: 'main_01-07', zoneId: 'main_1', stageType: 'MAIN', code: '1-7', code_i18n: names('1-7'), apCost: 6, existence: everywhere, minClearTime: null } as Stage,
]
const zones = [
  {
    zoneId: 'main_1',
    zoneIndex: 1,
    type: 'MAINLINE',
    subType: null,
    zoneName: 'Episode 1',
    zoneName_i18n: names('Episode 1'),
    existence: everywhere,
    background: null,
    stages: ['main_01-07'],
  } as Zone,
]

const wrapper = ({ children }: { children: ReactNode }) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(datasetKey('stages', 'CN', 'all', null), stages)
  client.setQueryData(datasetKey('zones', 'CN', 'all', null), zones)
  client.setQueryData(datasetKey('items', 'CN', 'all', null), items)
  // Item icons read the server's icon fields from /config.
  client.setQueryData(datasetKey('config', 'CN', 'all', null), {})
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  )
}

afterEach(cleanup)

describe('search result cards', () => {
  it('links a stage to its statistics page, with the zone', () => {
    render(<ResultCard result={{ type: 'stages', stageId: 'main_01-07', zoneId: 'main_1', score: 0 }} query="1-7" position={0} />, { wrapper })
    const link = screen.getByTestId('search-result')
    expect(link.getAttribute('href')).toBe('/result/stage/main_1/main_01-07')
    expect(link.textContent).toContain('1-7')
    expect(link.textContent).toContain('Episode 1')
    expect(link.textContent).toContain('browse.zoneType.MAINLINE')
  })

  it('links an item to its statistics page', () => {
    render(<ResultCard result={{ type: 'items', itemId: '30012', score: 0 }} query="ori" position={3} />, { wrapper })
    expect(screen.getByTestId('search-result').getAttribute('href')).toBe('/result/item/30012')
  })

  it('renders the fallback text, without a link, for an unknown type or an id the data does not know', () => {
    render(<ResultCard result={{ type: 'operators', score: 0 }} query="x" position={0} />, { wrapper })
    render(<ResultCard result={{ type: 'items', itemId: 'nope', score: 0 }} query="x" position={1} />, { wrapper })
    const fallbacks = screen.getAllByTestId('search-result-fallback')
    expect(fallbacks).toHaveLength(2)
    expect(fallbacks.map((f) => f.textContent)).toEqual(['browse.search.unknownType', 'browse.search.missing'])
    expect(screen.queryByTestId('search-result')).toBeNull()
  })
})
