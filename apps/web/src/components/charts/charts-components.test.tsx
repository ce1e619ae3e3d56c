import type { PatternElement } from '@dropwise/schemas'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { datasetKey } from '../../lib/data'
import { PatternSection } from './pattern-section'
import { TrendSparkline } from './trend-sparkline'
import { TrendsProvider } from './use-trend'

/* Components on a query cache filled by hand (no network): CN server, category all, logged out. */
const withData = (data: Partial<Record<'trends' | 'globalPatternMatrix' | 'items' | 'config', unknown>>) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  for (const [id, value] of Object.entries({ config: {}, items: [], ...data })) client.setQueryData(datasetKey(id as 'trends', 'CN', 'all', null), value)
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <TrendsProvider enabled>{children}</TrendsProvider>
    </QueryClientProvider>
  )
}

afterEach(cleanup)

describe('TrendSparkline', () => {
  const trends = {
    main_01: {
      startTime: 0,
      results: { a: { quantity: [20, 0, 60, 40], times: [40, 0, 80, 80] }, b: { quantity: [1], times: [2] }, few: { quantity: [1, 0, 3], times: [2, 0, 4] } },
    },
  }

  it('draws a polyline through the non-null rates', () => {
    const { container } = render(<TrendSparkline stageId="main_01" itemId="a" />, { wrapper: withData({ trends }) })
    const line = container.querySelector('polyline')
    expect(line?.getAttribute('points')?.split(' ')).toHaveLength(3)
    expect(container.querySelectorAll('circle')).toHaveLength(0)
    expect(screen.getByTestId('trend-sparkline').getAttribute('role')).toBe('img')
  })

  it('draws periods of a handful of runs as dots, never a line, and says so to a screen reader', () => {
    const { container } = render(<TrendSparkline stageId="main_01" itemId="few" />, { wrapper: withData({ trends }) })
    expect(container.querySelectorAll('polyline')).toHaveLength(0)
    expect(container.querySelectorAll('circle')).toHaveLength(2)
    expect(screen.getByTestId('trend-sparkline').getAttribute('aria-label')).toContain('charts.sparkline.sparse')
  })

  it('reads the trends through one query for every row of its table', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
    for (const [id, value] of Object.entries({ config: {}, items: [], trends })) client.setQueryData(datasetKey(id as 'trends', 'CN', 'all', null), value)
    const { container } = render(
      <QueryClientProvider client={client}>
        <TrendsProvider enabled>
          {['a', 'a', 'a'].map((item, i) => (
            <TrendSparkline key={i} stageId="main_01" itemId={item} />
          ))}
        </TrendsProvider>
      </QueryClientProvider>,
    )
    expect(container.querySelectorAll('polyline')).toHaveLength(3)
    expect(
      client
        .getQueryCache()
        .find({ queryKey: datasetKey('trends', 'CN', 'all', null) })
        ?.getObserversCount(),
    ).toBe(1)
  })

  it('draws nothing outside a table that provides the trends', () => {
    const { container } = render(<TrendSparkline stageId="main_01" itemId="a" />)
    expect(container.innerHTML).toBe('')
  })

  it('renders nothing below two points or without data', () => {
    const one = render(<TrendSparkline stageId="main_01" itemId="b" />, { wrapper: withData({ trends }) })
    expect(one.container.innerHTML).toBe('')
    const none = render(<TrendSparkline stageId="other" itemId="a" />, { wrapper: withData({ trends }) })
    expect(none.container.innerHTML).toBe('')
  })
})

describe('PatternSection', () => {
  const el = (drops: PatternElement['pattern']['drops'], quantity: number): PatternElement => ({
    stageId: 's1',
    pattern: { drops },
    times: 40,
    quantity,
    start: 0,
    end: null,
  })

  it('lists the patterns by share, the others row appended last', () => {
    const matrix = [el([{ itemId: 'x', quantity: 1 }], 10), el([], 25), el([{ itemId: 'x', quantity: 2 }], 1)]
    render(<PatternSection stageId="s1" />, { wrapper: withData({ globalPatternMatrix: matrix }) })
    const rows = screen.getAllByTestId('pattern-row')
    expect(rows.map((r) => r.getAttribute('data-quantity'))).toEqual(['25', '10', '1', '4'])
    // Without translations loaded the keys show: the empty pattern and the others row are named.
    expect(within(rows[0]!).getByText('charts.pattern.empty')).toBeTruthy()
    expect(within(rows[3]!).getByText('charts.pattern.others')).toBeTruthy()
  })

  it('shows the two-line error card when the stage has no patterns', () => {
    render(<PatternSection stageId="s2" />, { wrapper: withData({ globalPatternMatrix: [] }) })
    const card = screen.getByTestId('pattern-error')
    expect(within(card).getAllByText(/charts\.pattern\.error\.(title|subtitle)/)).toHaveLength(2)
  })
})
