import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { changeLocale, initI18n, loadPageLocales } from '../../lib/i18n'
import { basisKey, type SampleBasis } from '../../lib/use-sample-basis'
import { Footer } from './footer'
import { BasisLine } from './footer-basis'

const UNTIL = Date.UTC(2026, 11, 6, 21, 0)
const basis = (until: number | null, automated: number, manual: number): SampleBasis => ({
  server: 'CN',
  stageId: null,
  imported: { source: 'Penguin Statistics', runs: 1_000_000, until, upstream: null },
  reported: { automated: { runs: automated, reports: automated }, manual: { runs: manual, reports: manual } },
  simulated: { runs: 0, reports: 0 },
})
const withBasis = (answer: SampleBasis | undefined) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: false } } })
  if (answer) client.setQueryData(basisKey('CN', null), answer)
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
const line = () => screen.queryByTestId('footer-basis')?.textContent ?? null

/** Issue 40: every page states the basis with its date, beside the CC BY-NC 4.0 credit. */
describe('Footer basis', () => {
  beforeAll(async () => {
    await initI18n('en')
    // The line's strings come with the page set (locales/shell), as in the app once the footer is near.
    await loadPageLocales()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('says nothing until /basis answers, then the history’s date and the runs reported here', async () => {
    render(<BasisLine />, { wrapper: withBasis(undefined) })
    expect(line()).toBeNull()
    cleanup()
    render(<BasisLine />, { wrapper: withBasis(basis(UNTIL, 1200, 34)) })
    expect(line()).toBe('Penguin Statistics up to December 6, 2026, plus 1,234 runs reported here.')
    cleanup()
    render(<BasisLine />, { wrapper: withBasis(basis(UNTIL, 1, 0)) })
    expect(line()).toBe('Penguin Statistics up to December 6, 2026, plus 1 run reported here.')
    cleanup()
    render(<BasisLine />, { wrapper: withBasis(basis(null, 5, 0)) })
    expect(line()).toBe('5 runs reported here.')
  })

  it('is in the footer, beside the CC BY-NC 4.0 credit, once the footer is near the screen (its code loads then)', async () => {
    // Without IntersectionObserver the line loads at once, as in a browser without one.
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<Footer />, { wrapper: withBasis(basis(UNTIL, 1200, 34)) })
    expect(screen.getByText(/CC BY-NC 4\.0/)).toBeTruthy()
    expect(screen.queryByTestId('footer-basis')).toBeNull()
    expect((await screen.findByTestId('footer-basis', {}, { timeout: 10_000 })).textContent).toBe(
      'Penguin Statistics up to December 6, 2026, plus 1,234 runs reported here.',
    )
  })

  it.each([
    ['zh', /^企鹅物流数据统计截至 2026年12月6日 的数据，另加本站汇报的 1,234 次作战。$/],
    ['ja', /^2026年12月6日 までの Penguin Statistics のデータに、このサイトで報告された 1,234 回の周回を加えています。$/],
    ['ko', /^2026년 12월 6일까지의 Penguin Statistics 데이터에 이 사이트에 보고된 1,234회 전투를 더했습니다\.$/],
  ] as const)('in %s', async (locale, wanted) => {
    await changeLocale(locale)
    render(<BasisLine />, { wrapper: withBasis(basis(UNTIL, 1200, 34)) })
    expect(line()).toMatch(wanted)
    await changeLocale('en')
  })
})
