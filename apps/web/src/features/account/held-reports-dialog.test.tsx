import type { HeldReport } from '@dropwise/schemas'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HeldReportsDialog } from './held-reports-dialog'

/* Without i18next initialised, t() returns the keys: the assertions read keys, not translations. */

const held = (over: Partial<HeldReport>): HeldReport => ({
  reportHash: 'h1',
  server: 'CN',
  stageId: 'act47side_01',
  drops: [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 }],
  times: null,
  source: 'MaaAssistantArknights',
  version: 'v5.9.0',
  createdAt: Date.UTC(2026, 11, 1, 8),
  reason: 'unknown-stage',
  unknownItems: [],
  state: 'held',
  decidedAt: null,
  rejectedReason: null,
  ...over,
})

const serve = (answer: unknown, status = 200) => {
  const asked: string[] = []
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(new URL(url, 'http://x').pathname)
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } })
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

describe('HeldReportsDialog', () => {
  it("lists the player's held reports with their state and why they were held", async () => {
    const asked = serve({
      held: [
        held({}),
        held({ reportHash: 'h2', stageId: 'wk_kc_5', reason: 'unknown-items', unknownItems: ['30175'], state: 'released', decidedAt: Date.UTC(2026, 11, 2) }),
        held({ reportHash: 'h3', stageId: 'act99side_01', state: 'rejected', rejectedReason: 'no data version knew stage act99side_01 within 14 days' }),
      ],
    })
    render(<HeldReportsDialog username="123456789" open onClose={() => {}} />, { wrapper })
    const list = await screen.findByTestId('held-reports')
    const rows = await within(list).findAllByRole('listitem')
    expect(rows).toHaveLength(3)
    expect(rows[0]?.textContent).toContain('act47side_01 · CN')
    expect(rows[0]?.textContent).toContain('auth.held.reason.stage')
    expect(rows[0]?.textContent).toContain('auth.held.state.held')
    expect(rows[1]?.textContent).toContain('auth.held.reason.items')
    expect(rows[1]?.textContent).toContain('auth.held.state.released')
    expect(rows[2]?.textContent).toContain('auth.held.rejected')
    expect(asked).toEqual([expect.stringMatching(/\/_private\/report\/held$/)])
  })

  it('says when there are none, and asks nothing while closed', async () => {
    const asked = serve({ held: [] })
    const { rerender } = render(<HeldReportsDialog username="123456789" open={false} onClose={() => {}} />, { wrapper })
    expect(asked).toEqual([])
    rerender(<HeldReportsDialog username="123456789" open onClose={() => {}} />)
    expect(await screen.findByText('auth.held.empty')).toBeTruthy()
  })

  it('shows an error the server gives', async () => {
    serve({ code: 'INVALID_REQUEST', message: 'PenguinID is invalid' }, 400)
    render(<HeldReportsDialog username="123456789" open onClose={() => {}} />, { wrapper })
    expect((await screen.findByRole('alert')).textContent).toContain('auth.held.error')
  })
})
