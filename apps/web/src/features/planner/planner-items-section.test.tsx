import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { datasetKey } from '../../lib/data'
import { buildItem } from '../../testing/builders'
import { PlannerItemsSection } from './planner-items-section'
import { EMPTY_STATE } from './planner-state'

/* Without i18next initialised, t() returns the keys. */

const items = Array.from({ length: 30 }, (_, i) => buildItem(String(30000 + i), { sortId: i, rarity: 1 }))
const wrapper = ({ children }: { children: ReactNode }) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  // Item icons read the server's icon fields from /config.
  client.setQueryData(datasetKey('config', 'CN', 'all', null), {})
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
const section = (list = items) => (
  <PlannerItemsSection state={EMPTY_STATE} items={list} loading={false} demanded={0} filter="" onFilter={() => undefined} itemName={(id) => id} onSet={() => undefined} />
)

afterEach(cleanup)

describe('PlannerItemsSection', () => {
  it('draws the cards a step at a time, then all of them in order', async () => {
    render(section(), { wrapper })
    // The first render holds one step (12 cards), not the whole list.
    expect(screen.getAllByRole('listitem')).toHaveLength(12)
    // Two more steps, each after the last one's commit (a loaded CI machine takes longer than waitFor's 1 s).
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(30), { timeout: 15_000 })
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('data-testid'))).toEqual(items.map((i) => `planner-item-${i.itemId}`))
  })

  it('draws a short list whole at once', () => {
    render(section(items.slice(0, 5)), { wrapper })
    expect(screen.getAllByRole('listitem')).toHaveLength(5)
  })
})
