import type { MyReport } from '@dropwise/schemas'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MyReportsDialog } from './my-reports-dialog'

/* Without i18next initialised, t() returns the keys: the assertions read keys, not translations. */

const NOW = Date.now()
const report = (over: Partial<MyReport>): MyReport => ({
  reportHash: 'h1',
  server: 'CN',
  stageId: 'main_01-07',
  createdAt: NOW - 60_000,
  drops: [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 2 }],
  times: 1,
  source: 'frontend-v2',
  version: 'v3.4.0',
  category: 'manual',
  status: 'stored',
  rejection: null,
  detail: null,
  recallableUntil: NOW + 86_000_000,
  ...over,
})

/** Answers the list with `pages` in turn (other requests, the reference data, fail: names fall back to ids). */
const serve = (pages: unknown[], status = 200) => {
  const asked: string[] = []
  vi.stubGlobal('fetch', async (url: string) => {
    const u = new URL(url, 'http://x')
    if (!u.pathname.endsWith('/_private/report/mine')) return new Response('', { status: 404 })
    asked.push(u.search)
    return new Response(JSON.stringify(pages[Math.min(asked.length - 1, pages.length - 1)]), { status, headers: { 'Content-Type': 'application/json' } })
  })
  return asked
}
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('MyReportsDialog', () => {
  it('lists the reports with source and status; recall only where the server allows it; loads more', async () => {
    const asked = serve([
      {
        reports: [
          report({}),
          report({ reportHash: 'h2', source: 'dropwise-web-recognition', status: 'recalled', recallableUntil: null }),
          report({ reportHash: 'h3', stageId: 'act47side_01', status: 'held', detail: 'stage act47side_01', times: null }),
        ],
        next: '123.h3',
      },
      { reports: [report({ reportHash: 'h4', status: 'rejected', rejection: 'drop-table-mismatch', recallableUntil: null })], next: null },
    ])
    render(<MyReportsDialog username="123456789" open onClose={() => {}} />, { wrapper })
    const rows = await screen.findAllByTestId('my-report')
    expect(rows).toHaveLength(3)
    expect(rows[0]?.textContent).toContain('main_01-07')
    expect(rows[0]?.textContent).toContain('auth.mine.source.manual')
    expect(rows[0]?.textContent).toContain('auth.mine.status.stored')
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'auth.mine.recallLabel' })).toBeTruthy()
    expect(rows[1]?.textContent).toContain('auth.mine.source.recognition')
    expect(rows[1]?.textContent).toContain('auth.mine.status.recalled')
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull()
    expect(rows[2]?.textContent).toContain('auth.mine.waiting')
    fireEvent.click(screen.getByTestId('my-reports-more'))
    expect(await screen.findByText('auth.mine.rejection.dropTableMismatch')).toBeTruthy()
    expect(screen.getAllByTestId('my-report')).toHaveLength(4)
    expect(screen.queryByTestId('my-reports-more')).toBeNull()
    expect(asked).toEqual(['?limit=25', '?limit=25&before=123.h3'])
  })

  it('says when there are none, and asks nothing while closed', async () => {
    const asked = serve([{ reports: [], next: null }])
    const { rerender } = render(<MyReportsDialog username="123456789" open={false} onClose={() => {}} />, { wrapper })
    expect(asked).toEqual([])
    rerender(<MyReportsDialog username="123456789" open onClose={() => {}} />)
    expect(await screen.findByTestId('my-reports-empty')).toBeTruthy()
  })

  it('shows an error the server gives', async () => {
    serve([{ code: 'INVALID_REQUEST', message: 'PenguinID is invalid' }], 400)
    render(<MyReportsDialog username="123456789" open onClose={() => {}} />, { wrapper })
    expect((await screen.findByRole('alert')).textContent).toContain('auth.mine.error')
  })
})
