import type { Item, Stage, Zone } from '@dropwise/schemas'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { datasetKey } from '../../lib/data'
import { buildItem, buildStage, buildZone, everywhere, i18n } from '../../testing/builders'
import { ItemStepper } from './item-stepper'
import { ReportForm } from './report-form'
import { reportOptionsStore } from './special-stage-dialog'

/* Without i18next initialised, t() returns the keys: the assertions read keys, not translations. */

const item = (itemId: string, sortId: number, itemType = 'MATERIAL'): Item => buildItem(itemId, { itemType, sortId, rarity: 1 })
const b = (lower: number, upper: number) => ({ lower, upper })
const stage = (over: Partial<Stage>): Stage => buildStage('main_01-07', { code: '1-7', code_i18n: i18n('1-7'), apCost: 6, ...over })
const zone = (over: Partial<Zone>): Zone =>
  buildZone('main_1', { zoneIndex: 1, zoneName: 'Episode 1', zoneName_i18n: i18n('Episode 1'), stages: ['main_01-07'], ...over })

// 1-7 as the seed has it (trimmed).
const s17 = stage({
  dropInfos: [
    { dropType: 'NORMAL_DROP', bounds: b(1, 1) },
    { dropType: 'EXTRA_DROP', bounds: b(1, 2) },
    { itemId: '2001', dropType: 'EXTRA_DROP', bounds: b(1, 2) },
    { itemId: '30012', dropType: 'NORMAL_DROP', bounds: b(1, 2) },
    { itemId: '3003', dropType: 'EXTRA_DROP', bounds: b(0, 1) },
    { itemId: 'furni', dropType: 'FURNITURE', bounds: b(0, 1) },
  ],
})
const closedEvent = zone({ zoneId: 'act1', type: 'ACTIVITY', existence: { ...everywhere, CN: { exist: true, openTime: 1_000, closeTime: 2_000 } }, stages: ['act1_01'] })
const eventStage = stage({ stageId: 'act1_01', zoneId: 'act1', code: 'EV-1', code_i18n: i18n('EV-1') })

const withData = (stages: Stage[], zones: Zone[], items: Item[]) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  client.setQueryData(datasetKey('stages', 'CN', 'all', null), stages)
  client.setQueryData(datasetKey('zones', 'CN', 'all', null), zones)
  client.setQueryData(datasetKey('items', 'CN', 'all', null), items)
  // Item icons read the server's icon fields from /config.
  client.setQueryData(datasetKey('config', 'CN', 'all', null), {})
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  )
}
const items = [item('30012', 31), item('2001', 20), item('3003', 10), item('furni', 1, 'FURN')]

afterEach(cleanup)

describe('ItemStepper', () => {
  const setup = (count: number, batch = false) => {
    const onChange = vi.fn()
    render(<ItemStepper item={item('30012', 1)} count={count} batch={batch} onChange={onChange} />, { wrapper: withData([], [], []) })
    const tile = screen.getByRole('button', { name: 'report.stepper.tile' })
    return { onChange, tile }
  }

  it('adds one on click and removes one on right click, never below 0', () => {
    const { onChange, tile } = setup(1)
    fireEvent.click(tile)
    fireEvent.contextMenu(tile)
    expect(onChange.mock.calls).toEqual([[1], [-1]])
    cleanup()
    const zero = setup(0)
    fireEvent.contextMenu(zero.tile)
    expect(zero.onChange).not.toHaveBeenCalled()
    expect((screen.getByRole('button', { name: 'report.stepper.remove' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('has explicit − and + buttons and + / − keys; +10 only for batches', () => {
    const { onChange, tile } = setup(2)
    fireEvent.click(screen.getByRole('button', { name: 'report.stepper.remove' }))
    fireEvent.click(screen.getByRole('button', { name: 'report.stepper.add' }))
    fireEvent.keyDown(tile, { key: '-' })
    fireEvent.keyDown(tile, { key: '+' })
    expect(onChange.mock.calls).toEqual([[-1], [1], [-1], [1]])
    expect(screen.queryByRole('button', { name: 'report.stepper.addTen' })).toBeNull()
    cleanup()
    const batch = setup(0, true)
    fireEvent.click(screen.getByRole('button', { name: 'report.stepper.addTen' }))
    expect(batch.onChange.mock.calls).toEqual([[10]])
  })
})

describe('ReportForm', () => {
  it('shows regular then extra drops by sortId, the furniture switch, and counts clicks', () => {
    render(<ReportForm zoneId="main_1" stageId="main_01-07" />, { wrapper: withData([s17], [zone({})], items) })
    const sections = screen.getAllByRole('region')
    expect(sections.map((s) => s.getAttribute('aria-labelledby'))).toEqual(['drop-NORMAL_DROP', 'drop-EXTRA_DROP'])
    expect(
      within(sections[1]!)
        .getAllByTestId(/^stepper-/)
        .map((e) => e.dataset.testid),
    ).toEqual(['stepper-3003', 'stepper-2001'])
    expect(screen.getByTestId('report-furniture')).toBeTruthy()
    expect(screen.queryByTestId('report-closed')).toBeNull()
    fireEvent.click(within(screen.getByTestId('stepper-30012')).getAllByRole('button')[0]!)
    expect(screen.getByTestId('stepper-30012').dataset.count).toBe('1')
    // 30012 alone leaves the extra drops below their lower bounds: a warning, total 2.
    expect(screen.getByTestId('report-level').dataset.level).toBe('warning')
    fireEvent.click(screen.getByTestId('report-clear'))
    expect(screen.getByTestId('stepper-30012').dataset.count).toBe('0')
  })

  it('asks before submitting nothing, and lists the rules', () => {
    render(<ReportForm zoneId="main_1" stageId="main_01-07" />, { wrapper: withData([s17], [zone({})], items) })
    fireEvent.click(screen.getByTestId('report-submit'))
    const dialog = screen.getByTestId('report-warning')
    expect(within(dialog).getByText('report.alert.causes.noDrop')).toBeTruthy()
    fireEvent.click(within(dialog).getByTestId('report-warning-continue'))
    expect(screen.getByTestId('report-repeat')).toBeTruthy()
    fireEvent.click(within(screen.getByTestId('report-repeat')).getByText('dialog.cancel'))
    fireEvent.click(screen.getByTestId('report-rules-open'))
    const rules = screen.getByTestId('report-rules')
    // Two type rules and four item rules (furniture included); with nothing selected the lower bounds fail.
    expect(rules.querySelectorAll('[data-rule-state]')).toHaveLength(6)
    expect(rules.querySelectorAll('[data-rule-state="fail"]')).toHaveLength(4)
  })

  it('blocks a closed event stage (EXPIRED), an unknown stage (NOT_FOUND) and one without drop infos (INVALID)', () => {
    render(<ReportForm zoneId="act1" stageId="act1_01" />, { wrapper: withData([s17, eventStage], [zone({}), closedEvent], items) })
    expect(screen.getByTestId('report-closed').dataset.reason).toBe('EXPIRED')
    expect((screen.getByTestId('report-submit') as HTMLButtonElement).disabled).toBe(true)
    cleanup()
    render(<ReportForm zoneId="main_1" stageId="nope" />, { wrapper: withData([s17], [zone({})], items) })
    expect(screen.getByTestId('report-closed').dataset.reason).toBe('NOT_FOUND')
    cleanup()
    render(<ReportForm zoneId="main_1" stageId="main_01-07" />, { wrapper: withData([stage({})], [zone({})], items) })
    expect(screen.getByTestId('report-closed').dataset.reason).toBe('INVALID')
  })

  it('shows the gacha notice and +10 buttons on gacha stages, without a level', () => {
    const gacha = stage({ stageId: 'box', zoneId: 'gachabox', isGacha: true, dropInfos: [{ itemId: '30012', dropType: 'NORMAL_DROP', bounds: b(0, 25) }] })
    render(<ReportForm zoneId="gachabox" stageId="box" />, { wrapper: withData([gacha], [zone({ zoneId: 'gachabox', type: 'GACHABOX', stages: ['box'] })], items) })
    expect(screen.getByTestId('report-gacha')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'report.stepper.addTen' }))
    expect(screen.getByTestId('stepper-30012').dataset.count).toBe('10')
    expect(screen.queryByTestId('report-level')).toBeNull()
    expect(screen.queryByTestId('report-notices')?.textContent).not.toContain('report.notices.rule_1')
  })
})

describe('special side-story dialog', () => {
  afterEach(() => {
    vi.useRealTimers()
    reportOptionsStore.set({ specialSideStoryDialogRead: false })
  })

  it('opens on a stepper change in act12side_zone1 until acknowledged; confirm waits 10 s', () => {
    vi.useFakeTimers({ now: 1_500, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] })
    reportOptionsStore.set({ specialSideStoryDialogRead: false })
    const open = zone({
      zoneId: 'act12side_zone1',
      type: 'ACTIVITY',
      existence: { ...everywhere, CN: { exist: true, openTime: 1_000, closeTime: 10_000_000 } },
      stages: ['act12side_01'],
    })
    const st = stage({ stageId: 'act12side_01', zoneId: 'act12side_zone1', dropInfos: [{ itemId: '30012', dropType: 'NORMAL_DROP', bounds: b(0, 2) }] })
    render(<ReportForm zoneId="act12side_zone1" stageId="act12side_01" />, { wrapper: withData([st], [open], items) })
    const tile = () => within(screen.getByTestId('stepper-30012')).getAllByRole('button')[0]!
    fireEvent.click(tile())
    const dialog = screen.getByTestId('special-stage-dialog')
    const confirmButton = within(dialog).getByText('report.special.wait').closest('button')!
    expect(confirmButton.disabled).toBe(true)
    act(() => void vi.advanceTimersByTime(9_000))
    expect(confirmButton.disabled).toBe(true)
    act(() => void vi.advanceTimersByTime(1_500))
    const ready = within(screen.getByTestId('special-stage-dialog')).getByText('report.special.confirm').closest('button')!
    expect(ready.disabled).toBe(false)
    fireEvent.click(ready)
    expect(reportOptionsStore.get().specialSideStoryDialogRead).toBe(true)
    act(() => void vi.advanceTimersByTime(1_000))
    fireEvent.click(tile())
    expect(screen.getByTestId('stepper-30012').dataset.count).toBe('2')
    expect(screen.queryByText('report.special.wait')).toBeNull()
  })
})
