import type { Notice } from '@dropwise/schemas'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Bulletin, noticeVisible } from './bulletin'

/* Without i18next initialised, t() returns the keys and the language is English. */
const everywhere = { CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } }
const NOTICES: Notice[] = [
  { id: 1, existence: everywhere, severity: 0, content_i18n: { en: '**Down** for maintenance <img src=x onerror="window.pwned = 1">', zh: '维护' } },
  { id: 2, existence: everywhere, severity: 2, content_i18n: { zh: '只有中文', ja: '日本語だけ' } },
  { id: 3, existence: { ...everywhere, CN: { exist: false } }, severity: 1, content_i18n: { en: 'Not on CN' } },
]

const withNotices = (notices: Notice[]) =>
  function Wrapper({ children }: { children: ReactNode }) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
    client.setQueryData(['notice'], notices)
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>
  }

afterEach(cleanup)

describe('the bulletin', () => {
  it('shows each visible notice as sanitised markdown in the page’s language, styled by severity', async () => {
    render(<Bulletin />, { wrapper: withNotices(NOTICES) })
    const strong = await screen.findByText('Down')
    expect(strong.tagName).toBe('STRONG')
    expect(strong.closest('.markdown')?.innerHTML).not.toContain('onerror')
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined()
    const alerts = screen.getAllByRole('alert')
    expect(alerts.map((a) => a.getAttribute('aria-label'))).toEqual(['notice.severity.0', 'notice.severity.2'])
    // No English text: the English page shows none of the other languages' texts.
    expect(screen.queryByText('只有中文')).toBeNull()
    // Hidden on the CN server (the default data source).
    expect(screen.queryByText('Not on CN')).toBeNull()
  })

  it('says there is nothing when no notice is visible', () => {
    render(<Bulletin />, { wrapper: withNotices([NOTICES[2] as Notice]) })
    expect(screen.getByText('notice.empty')).toBeTruthy()
  })

  it('hides a notice outside its open and close times', () => {
    const at = Date.UTC(2026, 11, 1)
    const windowed = { ...NOTICES[0], existence: { ...everywhere, CN: { exist: true, openTime: at, closeTime: at + 1000 } } } as Notice
    expect(noticeVisible(windowed, 'CN', at - 1)).toBe(false)
    expect(noticeVisible(windowed, 'CN', at + 500)).toBe(true)
    expect(noticeVisible(windowed, 'CN', at + 1001)).toBe(false)
  })
})
