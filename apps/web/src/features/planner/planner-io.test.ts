import { describe, expect, it } from 'vitest'
import { applyImport, CONFIG_TYPE, DEPOT_TYPE, exportConfig, exportConfigText, parseImport } from './planner-io'
import { EMPTY_STATE, setCount, type PlannerState } from './planner-state'

const names: Record<string, string> = { 固源岩: '30012', Orirock: '30012', 糖: '30022' }
const nameToId = (n: string) => names[n]
const offered = new Set(['30012', '30013', '30022', '31013'])
const ok = (text: string) => {
  const parsed = parseImport(text, nameToId)
  if (!parsed.ok) throw new Error(parsed.error)
  return parsed
}

const sample: PlannerState = {
  ...setCount(setCount(EMPTY_STATE, '30012', { need: 10, have: 2 }), '30013', { need: 4 }),
  options: { byProduct: true, requireExp: false, requireLmb: true },
  excludes: ['main_01-07'],
}

describe('planner export', () => {
  it('writes the planner config with only counted items and no zero fields', () => {
    expect(exportConfig(sample)).toEqual({
      '@type': CONFIG_TYPE,
      items: [
        { id: '30012', have: 2, need: 10 },
        { id: '30013', need: 4 },
      ],
      options: { byProduct: true, requireExp: false, requireLmb: true },
      excludes: ['main_01-07'],
    })
  })

  it('round-trips through import into an empty planner', () => {
    const parsed = ok(exportConfigText(sample))
    const { state, patched } = applyImport(EMPTY_STATE, parsed, offered)
    expect(patched).toBe(2)
    expect(state.items).toEqual(sample.items)
    expect(state.options).toEqual(sample.options)
    expect(state.excludes).toEqual(sample.excludes)
  })
})

describe('planner import outcomes (spec 001 §5)', () => {
  it('invalid JSON', () => {
    expect(parseImport('{"items": [', nameToId)).toEqual({ ok: false, error: 'invalidJSON' })
  })

  it('unrecognized: objects without a known type marker, and scalars', () => {
    expect(parseImport('{"items": []}', nameToId)).toEqual({ ok: false, error: 'unrecognized' })
    expect(parseImport('{"@type": "something/else"}', nameToId)).toEqual({ ok: false, error: 'unrecognized' })
    expect(parseImport('42', nameToId)).toEqual({ ok: false, error: 'unrecognized' })
  })

  it('legacy: integer need or have ≥ 0 required; bad entries skipped, the others kept', () => {
    const parsed = ok(
      JSON.stringify([
        { id: '30012', need: 5 },
        { id: '30013', need: 1.5 },
        { id: '30022', have: -1 },
        { name: '糖', have: 3 },
        { name: 'nobody', need: 1 },
        { need: 2 },
        'junk',
      ]),
    )
    expect(parsed.kind).toBe('legacy')
    expect(parsed.items).toEqual([
      { id: '30012', need: 5 },
      { id: '30022', have: 3 },
    ])
    expect(parsed.errors.map((e) => [e.index, e.reason])).toEqual([
      [1, 'invalidItemSegment'],
      [2, 'invalidItemSegment'],
      [4, 'unknownItem'],
      [5, 'invalidItemSegment'],
      [6, 'invalidItemSegment'],
    ])
  })

  it('legacy and config set both counts (missing = 0); depot overwrites only what it gives', () => {
    const start = setCount(EMPTY_STATE, '30012', { need: 9, have: 9 })
    const legacy = applyImport(start, ok('[{"id": "30012", "need": 3}]'), offered)
    expect(legacy.state.items).toEqual([{ id: '30012', need: 3, have: 0 }])
    const depot = applyImport(start, ok(JSON.stringify({ '@type': DEPOT_TYPE, items: [{ id: '30012', have: 4 }] })), offered)
    expect(depot.state.items).toEqual([{ id: '30012', need: 9, have: 4 }])
  })

  it('depot leaves options and excludes alone; config replaces them when present', () => {
    const depot = applyImport(sample, ok(JSON.stringify({ '@type': DEPOT_TYPE, items: [], options: { byProduct: false }, excludes: [] })), offered)
    expect(depot.state.options).toEqual(sample.options)
    expect(depot.state.excludes).toEqual(sample.excludes)
    const config = applyImport(sample, ok(JSON.stringify({ '@type': CONFIG_TYPE, items: [], options: { byProduct: false }, excludes: ['a'] })), offered)
    expect(config.state.options).toEqual({ ...sample.options, byProduct: false })
    expect(config.state.excludes).toEqual(['a'])
    const noParts = applyImport(sample, ok(JSON.stringify({ '@type': CONFIG_TYPE, items: [] })), offered)
    expect(noParts.state.excludes).toEqual(sample.excludes)
  })

  it('modern entries with a bad id or count are listed; unknown ids are reported, not applied', () => {
    const parsed = ok(JSON.stringify({ '@type': CONFIG_TYPE, items: [{ id: '30012', need: 'x' }, { need: 1 }, { id: '99999', need: 2 }, { id: '30013', have: 1 }] }))
    expect(parsed.errors.map((e) => e.index)).toEqual([0, 1])
    const { state, patched, unknown } = applyImport(EMPTY_STATE, parsed, offered)
    expect(patched).toBe(1)
    expect(unknown).toEqual(['99999'])
    expect(state.items).toEqual([{ id: '30013', have: 1, need: 0 }])
  })
})
