import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DepotImportError, parseDepot, type DepotErrorCode } from './index'

// Hand-made samples in the shapes each tool writes (see parse.ts for where each shape comes from).
const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')

// mod_unlock_token (a module data block) is not a planner item here: it must come back as unknown, named.
const known = new Set(['30012', '30062', '2004', '31063'])
const names: Record<string, string> = { 酮凝集组: '30062', 固源岩: '30012' }
const nameToId = (name: string) => names[name]

const errorCode = (text: string): DepotErrorCode | undefined => {
  try {
    parseDepot(text, known)
  } catch (err) {
    expect(err).toBeInstanceOf(DepotImportError)
    expect((err as Error).message.length).toBeGreaterThan(20)
    return (err as DepotImportError).code
  }
  return undefined
}

describe('MAA exports', () => {
  it('"export to ArkPlanner": the Penguin depot document with names; unknown ids keep their name and count', () => {
    const r = parseDepot(fixture('maa-arkplanner.json'), known)
    expect(r.format).toBe('penguin')
    expect(r.shape).toBe('penguin-depot')
    expect(r.stock).toEqual({ '30012': 163, '30062': 12, '2004': 31, '31063': 0 })
    expect(r.needs).toBeUndefined()
    expect(r.unknown).toEqual([{ id: 'mod_unlock_token', count: 4, name: '模组数据块' }])
    expect(r.skipped).toEqual([])
  })

  it('"export to Lolicon": the id → count object', () => {
    const r = parseDepot(fixture('maa-lolicon.json'), known)
    expect(r.format).toBe('toolbox')
    expect(r.shape).toBe('item-map')
    expect(r.stock).toEqual({ '30012': 163, '30062': 12, '2004': 31, '31063': 0 })
    expect(r.unknown).toEqual([{ id: 'mod_unlock_token', count: 4 }])
  })

  it('the raw recognition message, whole or its details, and the `data` text copied with its quotes', () => {
    const message = fixture('maa-result.json')
    const whole = parseDepot(message, known)
    expect(whole.format).toBe('maa')
    expect(whole.shape).toBe('maa-result')
    expect(whole.stock).toEqual({ '30012': 163, '30062': 12 })
    expect(whole.unknown).toEqual([{ id: 'mod_unlock_token', count: 4, name: '模组数据块' }])
    const details = (JSON.parse(message) as { details: { arkplanner: { data: string }; lolicon: unknown } }).details
    expect(parseDepot(JSON.stringify(details), known).stock).toEqual(whole.stock)
    // Only the lolicon half, and only `data` strings: the same stock.
    const loliconOnly = parseDepot(JSON.stringify({ lolicon: { data: JSON.stringify({ '30012': 163, '30062': 12 }) } }), known)
    expect(loliconOnly).toMatchObject({ format: 'maa', stock: { '30012': 163, '30062': 12 } })
    const quoted = parseDepot(JSON.stringify(details.arkplanner.data), known)
    expect(quoted).toMatchObject({ format: 'penguin', shape: 'penguin-depot', stock: whole.stock })
  })
})

describe('arkntools toolbox', () => {
  it('its saved data, as JSON and as the Base64 it shows: stock and needs', () => {
    const text = fixture('toolbox-save.json')
    const r = parseDepot(text, known)
    expect(r).toMatchObject({ format: 'toolbox', shape: 'toolbox-save' })
    expect(r.stock).toEqual({ '30012': 163, '30062': 12, '31063': 0, '2004': 31 })
    expect(r.needs).toEqual({ '30012': 40, '30062': 0, '31063': 6, '2004': 0 })
    const base64 = Buffer.from(text.trim(), 'utf8').toString('base64')
    expect(parseDepot(`  ${base64.slice(0, 40)}\n${base64.slice(40)}  `, known)).toEqual(r)
  })

  it('older saved inputs: {need, have} strings, and name keys resolved or reported', () => {
    const r = parseDepot(JSON.stringify({ inputs: { 30012: { need: '40', have: '163' }, 酮凝集组: { need: '', have: '12' }, 30062: { need: 'x' } } }), known, {
      nameToId,
    })
    expect(r.stock).toEqual({ '30012': 163, '30062': 12 })
    expect(r.skipped).toEqual([{ at: '30062', reason: 'bad-count', entry: '{"need":"x"}' }])
    const unresolved = parseDepot(JSON.stringify({ inputs: { 酮凝集组: [0, 12] } }), known)
    expect(unresolved.unknown).toEqual([{ id: '酮凝集组', count: 12, name: '酮凝集组' }])
  })
})

describe('Penguin planner documents', () => {
  it('the planner config: stock and needs', () => {
    const r = parseDepot(fixture('penguin-config.json'), known)
    expect(r).toMatchObject({ format: 'penguin', shape: 'penguin-config' })
    expect(r.stock).toEqual({ '30012': 163 })
    expect(r.needs).toEqual({ '30012': 40, '31063': 6 })
  })

  it('the legacy array: integer counts, both set (missing = 0), names resolved', () => {
    const r = parseDepot(fixture('penguin-legacy.json'), known, { nameToId })
    expect(r.shape).toBe('penguin-legacy')
    expect(r.stock).toEqual({ '30012': 163, '30062': 12, '31063': 0 })
    expect(r.needs).toEqual({ '30012': 40, '30062': 0, '31063': 6 })
    // Without a name lookup the name-only entry is reported, not dropped.
    expect(parseDepot(fixture('penguin-legacy.json'), known).unknown).toEqual([{ id: '酮凝集组', count: 12, name: '酮凝集组' }])
  })

  it('bad entries are skipped with where and why; the others still import', () => {
    const r = parseDepot(
      JSON.stringify({
        '@type': '@penguin-statistics/depot',
        items: [{ id: '30012', have: 5 }, { id: '30062', have: -1 }, { have: 3 }, 'junk', { id: '2004', have: 'many' }, { id: '2004', have: 7 }],
      }),
      known,
    )
    expect(r.stock).toEqual({ '30012': 5, '2004': 7 })
    expect(r.skipped.map((s) => [s.at, s.reason])).toEqual([
      ['1', 'bad-count'],
      ['2', 'no-id'],
      ['3', 'not-an-object'],
      ['4', 'bad-count'],
    ])
    const withNeed = parseDepot(JSON.stringify({ '@type': '@penguin-statistics/depot', items: [{ id: '30012', have: 5, need: 9 }] }), known)
    expect(withNeed.needs).toEqual({ '30012': 9 })
    const legacy = parseDepot(JSON.stringify([{ id: '30012', have: 1.5 }, { need: 2 }, { id: '2004', have: 3 }]), known)
    expect(legacy.skipped.map((s) => [s.at, s.reason])).toEqual([
      ['0', 'bad-count'],
      ['1', 'no-id'],
    ])
  })
})

describe('unknown ids and bad input', () => {
  it('every unknown id is listed with its count, whatever the format', () => {
    for (const text of [
      JSON.stringify({ '@type': '@penguin-statistics/depot', items: [{ id: 'future_item', have: 9 }] }),
      JSON.stringify({ future_item: 9 }),
      JSON.stringify({ inputs: { future_item: [0, 9] } }),
      JSON.stringify({ lolicon: { object: { future_item: 9 } } }),
    ]) {
      expect(parseDepot(text, known).unknown).toEqual([{ id: 'future_item', count: 9 }])
    }
  })

  it.each([
    ['', 'empty'],
    ['   \n', 'empty'],
    ['{"30012": 1', 'invalid-json'],
    ['hello depot', 'invalid-json'],
    ['42', 'unrecognized'],
    ['"not json inside"', 'unrecognized'],
    ['{"@type": "@penguin-statistics/report"}', 'unrecognized'],
    ['{"name": "Texas", "elite": 2}', 'unrecognized'],
    ['{}', 'unrecognized'],
    ['{"@type": "@penguin-statistics/depot", "items": []}', 'no-items'],
    ['{"@type": "@penguin-statistics/depot", "items": [{"id": "30012", "have": -4}]}', 'no-items'],
    ['[]', 'no-items'],
    ['{"arkplanner": {"object": 3}}', 'no-items'],
    [Buffer.from('{"hello": "world"}').toString('base64'), 'unrecognized'],
  ] as const)('%j → %s, with a readable message', (text, code) => {
    expect(errorCode(text)).toBe(code)
  })

  it('an id → count object: a negative or infinite count is skipped, the rest imported', () => {
    const r = parseDepot('{"30012": -3, "2004": 4, "30062": 1e999}', known)
    expect(r.stock).toEqual({ '2004': 4 })
    expect(r.skipped.map((s) => [s.at, s.reason])).toEqual([
      ['30012', 'bad-count'],
      ['30062', 'bad-count'],
    ])
  })

  it('a UTF-8 BOM and surrounding blanks are ignored', () => {
    expect(parseDepot(`\uFEFF  ${fixture('maa-lolicon.json')}`, known).stock['30012']).toBe(163)
  })
})
