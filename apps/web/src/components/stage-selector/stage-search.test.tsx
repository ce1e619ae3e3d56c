import type { Stage, Zone } from '@dropwise/schemas'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StageSearch } from './stage-search'
import type { ZoneCategory } from './zones'

/* Without i18next initialised, t() returns the keys. The engine (Fuse.js) loads on focus, as in the app. */
const everywhere = { CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } }
const same = (s: string) => ({ zh: s, en: s, ja: s, ko: s })
const stage = (stageId: string, zoneId: string, code: string): Stage => ({
  stageId,
  zoneId,
  stageType: 'ACTIVITY',
  code,
  code_i18n: same(code),
  apCost: 9,
  existence: everywhere,
  minClearTime: null,
})
const zone = (zoneId: string, names: Zone['zoneName_i18n'], stages: string[]): Zone => ({
  zoneId,
  zoneIndex: 1,
  type: 'ACTIVITY',
  subType: null,
  zoneName: names.zh,
  zoneName_i18n: names,
  existence: everywhere,
  background: null,
  stages,
})
const zones = [
  zone('main_1', { zh: '第一章', en: 'Episode 1', ja: '第一章', ko: '에피소드 1' }, ['main_01-07']),
  zone('1stact_zone1', { zh: '骑兵与猎人', en: 'The Knight & The Hunters', ja: '騎兵と狩人', ko: '기병과 사냥꾼' }, ['a001_04', 'a001_05']),
]
const stages = [stage('main_01-07', 'main_1', '1-7'), stage('a001_04', '1stact_zone1', 'GT-4'), stage('a001_05', '1stact_zone1', 'GT-5')]
const categoryOf = new Map<string, ZoneCategory>([
  ['main_1', 'MAINLINE'],
  ['1stact_zone1', 'ACTIVITY_CLOSED'],
])

afterEach(cleanup)

const setup = () => {
  const onSelect = vi.fn()
  render(<StageSearch stages={stages} zones={zones} categoryOf={categoryOf} onSelect={onSelect} />)
  const input = screen.getByRole('combobox')
  fireEvent.focus(input)
  const type = async (text: string) => {
    await act(async () => {
      fireEvent.change(input, { target: { value: text } })
    })
  }
  return { onSelect, input, type }
}
const options = () => screen.queryAllByRole('option').map((o) => o.getAttribute('data-stage-id'))

describe('StageSearch', () => {
  it('is a labelled combobox that lists matches by code, the exact code highlighted first while typing', async () => {
    const { input, type } = setup()
    expect(input.getAttribute('aria-autocomplete')).toBe('list')
    expect(screen.getByLabelText('finding.stageSearch.label')).toBe(input)
    await type('g')
    await waitFor(() => expect(options().length).toBeGreaterThan(0))
    // Key by key: "gt-" lists GT-4 before GT-5; at "gt-5" the highlight must follow to GT-5, not stay on GT-4.
    for (const text of ['gt', 'gt-', 'gt-5']) await type(text)
    await waitFor(() => expect(options()[0]).toBe('a001_05'))
    expect(screen.getByRole('listbox')).toBeTruthy()
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id)
  })

  it('finds a zone’s stages by the zone name in another language; arrows move, Enter opens', async () => {
    const { input, type, onSelect } = setup()
    await type('騎兵と狩人')
    await waitFor(() => expect(options().sort()).toEqual(['a001_04', 'a001_05']))
    const first = options()[0]
    const second = options()[1]
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id)
    fireEvent.keyDown(input, { key: 'ArrowUp' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(onSelect).toHaveBeenCalledTimes(1)
    expect(onSelect).toHaveBeenCalledWith('1stact_zone1', second)
    expect(first).not.toBe(second)
  })

  it('Escape clears the text and closes the list; nothing found says so', async () => {
    const { input, type, onSelect } = setup()
    await type('zzzz')
    await waitFor(() => expect(screen.getAllByText('finding.stageSearch.none').length).toBeGreaterThan(0))
    await type('1-7')
    await waitFor(() => expect(options()[0]).toBe('main_01-07'))
    fireEvent.keyDown(input, { key: 'Escape' })
    expect((input as HTMLInputElement).value).toBe('')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(onSelect).not.toHaveBeenCalled()
  })
})
