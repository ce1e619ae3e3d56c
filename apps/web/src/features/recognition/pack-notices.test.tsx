import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { AssetView } from './asset-state'
import { Unavailable, unavailableWhy, UnreadableNotice, type UnavailableWhy } from './pack-notices'
import type { PackState } from './use-recognition'

/* Without i18next initialised, t() returns the keys: the assertions read keys and the list passed in. */

afterEach(cleanup)

describe('UnreadableNotice', () => {
  it('names the items the pack cannot read yet, and says a rebuild is under way', () => {
    render(<UnreadableNotice names={['Crystal Circuit', 'Orirock']} updating />)
    const alert = screen.getByTestId('recognition-unreadable')
    expect(alert.textContent).toContain('recognition.assets.unreadableTitle')
    expect(alert.textContent).toContain('recognition.assets.unreadable')
    expect(alert.textContent).toContain('recognition.assets.unreadableUpdating')
    expect(alert.textContent).not.toContain('recognition.assets.unreadableNext')
  })

  it('says the items come once their pictures are published when no rebuild is under way', () => {
    render(<UnreadableNotice names={['Crystal Circuit']} updating={false} />)
    expect(screen.getByTestId('recognition-unreadable').textContent).toContain('recognition.assets.unreadableNext')
  })

  it('shows nothing once the pack reads every item', () => {
    render(<UnreadableNotice names={[]} updating={false} />)
    expect(screen.queryByTestId('recognition-unreadable')).toBeNull()
  })
})

describe('unavailableWhy', () => {
  const none: PackState = { kind: 'none' }
  it.each<[string, PackState, AssetView, boolean, UnavailableWhy]>([
    ['the download failed', none, { kind: 'unavailable', reason: 'getaddrinfo ENOTFOUND x' }, false, 'notReady'],
    ['an older server without resources', none, { kind: 'none' }, false, 'notReady'],
    ['the operator switched them off', none, { kind: 'off' }, false, 'off'],
    ['this browser could not load the pack', { kind: 'failed', message: '(404) https://x/pack.json' }, { kind: 'pack', packUrl: '/p/' }, false, 'failed'],
    ['no workers', { kind: 'unsupported' }, { kind: 'pack', packUrl: '/p/' }, false, 'noWorker'],
    ['the pack lacks the chosen server', { kind: 'idle' }, { kind: 'pack', packUrl: '/p/' }, true, 'noServer'],
  ])('%s', (_name, state, view, serverMissing, want) => expect(unavailableWhy(state, view, serverMissing)).toBe(want))
})

describe('Unavailable', () => {
  const show = (why: UnavailableWhy, view: AssetView) =>
    render(
      <MemoryRouter>
        <Unavailable why={why} view={view} onRetry={() => undefined} onRetryAssets={() => undefined} retrying={false} server="CN" />
      </MemoryRouter>,
    )

  it('says recognition is not ready and links to the hand report, never the failure itself', () => {
    show('notReady', { kind: 'unavailable', reason: 'could not reach https://raw.githubusercontent.com/a/b: getaddrinfo ENOTFOUND' })
    const alert = screen.getByTestId('recognition-unavailable')
    expect(alert.textContent).toContain('recognition.unavailable.notReadyTitle')
    expect(alert.textContent).toContain('recognition.unavailable.notReady')
    expect(alert.textContent).not.toMatch(/ENOTFOUND|https?:|operators|reason/)
    expect(screen.getByRole('link', { name: 'recognition.unavailable.manual' }).getAttribute('href')).toBe('/report/stage')
    expect(screen.getByRole('button', { name: 'recognition.unavailable.retry' })).toBeTruthy()
  })

  it('offers no retry when the operator switched recognition off', () => {
    show('off', { kind: 'off' })
    expect(screen.getByTestId('recognition-unavailable').textContent).toContain('recognition.unavailable.offTitle')
    expect(screen.queryByRole('button', { name: 'recognition.unavailable.retry' })).toBeNull()
    expect(screen.getByRole('link', { name: 'recognition.unavailable.manual' })).toBeTruthy()
  })
})
