import { describe, expect, it } from 'vitest'
import { allStageIds, buildExclusionTree, categoryOf, setIncluded, toggleBox, triState, type ExclusionStageInput, type ExclusionZoneInput } from './exclusions'

const NOW = 1_700_000_000_000
const open = { exist: true, openTime: NOW - 1000, closeTime: NOW + 1000 }
const closed = { exist: true, openTime: NOW - 2000, closeTime: NOW - 1000 }
const zones: ExclusionZoneInput[] = [
  { zoneId: 'act_open', zoneIndex: 5, type: 'ACTIVITY', existence: { CN: open }, stages: ['a1', 'a2'] },
  { zoneId: 'main_1', zoneIndex: 1, type: 'MAINLINE', existence: { CN: { exist: true } }, stages: ['m1', 'm2', 'jp_only'] },
  { zoneId: 'act_old', zoneIndex: 3, type: 'ACTIVITY', existence: { CN: closed }, stages: ['o1'] },
  { zoneId: 'recruit', zoneIndex: 9, type: 'RECRUIT', existence: { CN: { exist: true } }, stages: ['r1'] },
  { zoneId: 'gacha', zoneIndex: 8, type: 'GACHABOX', existence: { CN: { exist: true } }, stages: ['g1'] },
  { zoneId: 'weekly', zoneIndex: 2, type: 'WEEKLY', existence: { CN: { exist: true } }, stages: ['w1'] },
]
const stages: ExclusionStageInput[] = ['a1', 'a2', 'm1', 'm2', 'o1', 'r1', 'g1', 'w1']
  .map((stageId) => ({ stageId, zoneId: '', existence: { CN: { exist: true } } }))
  .concat([{ stageId: 'jp_only', zoneId: 'main_1', existence: { CN: { exist: false } } }])

describe('exclude-stages tree', () => {
  it('sorts zones into categories by type and opening time', () => {
    expect(categoryOf(zones[0]!, 'CN', NOW)).toBe('ACTIVITY_OPEN')
    expect(categoryOf(zones[2]!, 'CN', NOW)).toBe('ACTIVITY_CLOSED')
    expect(categoryOf(zones[4]!, 'CN', NOW)).toBeNull()
  })

  it('hides closed events and recruit unless closed stages are shown; stages of other servers never appear', () => {
    const hidden = buildExclusionTree(zones, stages, 'CN', NOW, false)
    expect(hidden.map((g) => g.category)).toEqual(['MAINLINE', 'ACTIVITY_OPEN', 'WEEKLY'])
    expect(allStageIds(hidden)).toEqual(['m1', 'm2', 'a1', 'a2', 'w1'])
    const shown = buildExclusionTree(zones, stages, 'CN', NOW, true)
    expect(shown.map((g) => g.category)).toEqual(['MAINLINE', 'ACTIVITY_OPEN', 'WEEKLY', 'ACTIVITY_CLOSED', 'RECRUIT'])
  })

  it('tri-state boxes and the emitted value (unselected stage ids)', () => {
    const ids = ['m1', 'm2']
    expect(triState(ids, new Set())).toBe('checked')
    expect(triState(ids, new Set(['m1']))).toBe('indeterminate')
    expect(triState(ids, new Set(['m1', 'm2', 'x']))).toBe('unchecked')
    // A checked box unselects all; an indeterminate or unchecked one selects all.
    expect(toggleBox([], ids).sort()).toEqual(['m1', 'm2'])
    expect(toggleBox(['m1', 'x'], ids)).toEqual(['x'])
    expect(setIncluded(['a1'], ['m1'], false)).toEqual(['a1', 'm1'])
    expect(setIncluded(['a1', 'm1'], ['m1'], true)).toEqual(['a1'])
  })
})
