import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { datasetKey } from '../../lib/data'
import { DemoBanner } from './banners'

const withConfig = (config: unknown) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false } } })
  if (config !== undefined) client.setQueryData(datasetKey('config', 'CN', 'all', null), config)
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
const banner = () => screen.queryByTestId('demo-banner')

describe('DemoBanner', () => {
  afterEach(cleanup)

  it('before /config answers: drawn as pending, which index.html shows only under <html data-demo>', () => {
    render(<DemoBanner />, { wrapper: withConfig(undefined) })
    expect(banner()?.classList.contains('demo-pending')).toBe(true)
  })

  it.each([
    [{ demo: { present: true } }, true],
    [{ demo: true }, true],
    [{}, false],
  ])('once /config says %j: shown (not pending) = %s', (config, shown) => {
    render(<DemoBanner />, { wrapper: withConfig(config) })
    expect(banner() !== null).toBe(shown)
    if (shown) expect(banner()?.classList.contains('demo-pending')).toBe(false)
  })
})
