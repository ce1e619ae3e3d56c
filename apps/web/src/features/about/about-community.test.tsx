import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { datasetKey } from '../../lib/data'
import { AboutContact, AboutDonate, AboutMembers } from './about-community'
import { ABOUT_QUERY_KEY } from './api/get-about'

/* Without i18next initialised, t() returns the keys: the assertions read keys, and the language is English. */
const CONTENT = {
  email: 'team@example.org',
  chat: [{ label: 'Discord', url: 'https://chat.example/invite' }],
  donate: [{ label: 'Open Collective', url: 'https://oc.example/dropwise' }],
  members: [{ name: 'Amiya', role: 'owner', url: 'https://example.org/amiya', note_i18n: { en: 'Leader of the team' } }],
  text_i18n: {
    donate: { en: 'Thank **you**! <img src=x onerror="window.hacked = 1"><script>window.hacked = 2</script>' },
    contact: { zh: '只有中文' },
  },
}

const withData = (about: unknown, community: unknown = undefined) =>
  function Wrapper({ children }: { children: ReactNode }) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
    client.setQueryData(ABOUT_QUERY_KEY, about)
    client.setQueryData(datasetKey('config', 'CN', 'all', null), community ? { community } : {})
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    )
  }

afterEach(cleanup)

describe('about pages with the operator’s content', () => {
  it('members: the people by role with their note and link, and the operator’s text', async () => {
    render(<AboutMembers />, { wrapper: withData(CONTENT) })
    expect(screen.getByRole('link', { name: 'Amiya' }).getAttribute('href')).toBe('https://example.org/amiya')
    expect(screen.getByText('Leader of the team')).toBeTruthy()
    expect(screen.getByText('about.site.members.roles.owner')).toBeTruthy()
    expect(screen.queryByTestId('about-no-members')).toBeNull()
  })

  it('donate: the channels, and the text as sanitised markdown', async () => {
    render(<AboutDonate />, { wrapper: withData(CONTENT) })
    expect(screen.getByRole('link', { name: 'Open Collective' }).getAttribute('href')).toBe('https://oc.example/dropwise')
    expect(screen.queryByTestId('about-no-donations')).toBeNull()
    const strong = await screen.findByText('you')
    expect(strong.tagName).toBe('STRONG')
    const html = strong.closest('.markdown')?.innerHTML ?? ''
    expect(html).not.toContain('onerror')
    expect(html).not.toContain('<script')
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined()
  })

  it('contact: the chat and e-mail; a text only in another language falls back to nothing in English', async () => {
    render(<AboutContact />, { wrapper: withData(CONTENT) })
    expect(screen.getByRole('link', { name: /Discord/ }).getAttribute('href')).toBe('https://chat.example/invite')
    expect(screen.getByRole('link', { name: 'team@example.org' }).getAttribute('href')).toBe('mailto:team@example.org')
    expect(screen.queryByText('只有中文')).toBeNull()
    expect(screen.queryByText('about.operatorNote')).toBeNull()
  })
})

describe('about pages with nothing set', () => {
  it('say so on every page', () => {
    render(<AboutMembers />, { wrapper: withData(null) })
    expect(screen.getByTestId('about-no-members').textContent).toBe('about.members.noneBody')
    cleanup()
    render(<AboutDonate />, { wrapper: withData(null) })
    expect(screen.getByTestId('about-no-donations')).toBeTruthy()
    cleanup()
    render(<AboutContact />, { wrapper: withData(null) })
    expect(screen.getByText('about.contact.noChannel')).toBeTruthy()
  })

  it('still read /config community when no about content is set (older set-ups)', () => {
    render(<AboutDonate />, { wrapper: withData(null, { donate: [{ label: 'Patreon', url: 'https://patreon.example' }] }) })
    expect(screen.getByRole('link', { name: 'Patreon' })).toBeTruthy()
  })
})
