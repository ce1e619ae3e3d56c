import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parsers } from './dataset-parsers'
import { InvalidStructureError } from './datasets'
import ANSWERS from './answer-schemas.json'
import GENERATED from './response-schemas.json'
import { ANSWER_SCHEMAS, answerSchemaDocument, RESPONSE_SCHEMAS, responseSchemaDocument, type AnswerSchemaName, type ResponseSchemaName } from './response-schemas-source'
import { checkSchema, SUPPORTED_KEYWORDS, type JsonSchema } from './schema-check'

const seed = (file: string) => JSON.parse(readFileSync(join(process.cwd().replace(/\/apps\/web$/, ''), 'data/seed', file), 'utf8')) as unknown

/** Seed rows in the wire shape of the v2 API. */
const items = (seed('items.json') as Record<string, unknown>[]).slice(0, 40).map((i) => ({
  alias: null,
  pron: null,
  groupID: null,
  ...i,
  name: (i.name_i18n as { zh: string }).zh,
}))
const matrix = (seed('matrix-cn.json') as { rows: [string, string, number, number, number, number, number | null][] }).rows
  .slice(0, 200)
  .map(([stageId, itemId, times, quantity, stdDev, start, end]) => ({ stageId, itemId, times, quantity, stdDev, start, end }))

/** A small deterministic PRNG so the mutation cases are the same on every run. */
const prng = (seedValue: number) => () => (seedValue = (seedValue * 1103515245 + 12345) % 2 ** 31) / 2 ** 31

/** Replaces one value somewhere inside `value` with another kind of value (or deletes a key). */
const mutate = (value: unknown, rnd: () => number): unknown => {
  const replacements: unknown[] = [null, 'x', 1.5, 7, true, [], {}, -1, undefined]
  const copy = structuredClone(value) as unknown
  let node = copy
  for (let depth = 0; depth < 6; depth++) {
    if (node === null || typeof node !== 'object') break
    const keys = Object.keys(node)
    if (!keys.length) break
    const key = keys[Math.floor(rnd() * keys.length)]!
    const child = (node as Record<string, unknown>)[key]
    if (depth >= 1 && (rnd() < 0.35 || child === null || typeof child !== 'object')) {
      const r = replacements[Math.floor(rnd() * replacements.length)]
      if (r === undefined && !Array.isArray(node)) delete (node as Record<string, unknown>)[key]
      else (node as Record<string, unknown>)[key] = r ?? null
      break
    }
    node = child
  }
  return copy
}

describe('response schemas', () => {
  it('the generated JSON Schema file is in step with @dropwise/schemas (run scripts/generate-response-schemas.ts)', () => {
    expect(GENERATED).toEqual(responseSchemaDocument())
    expect(ANSWERS).toEqual(answerSchemaDocument())
  })

  it('uses only keywords the checker understands', () => {
    const unknown: string[] = []
    const walk = (node: unknown, named: boolean) => {
      if (Array.isArray(node)) return node.forEach((n) => walk(n, false))
      if (node === null || typeof node !== 'object') return
      for (const [k, v] of Object.entries(node)) {
        if (!named && !SUPPORTED_KEYWORDS.has(k)) unknown.push(k)
        walk(v, !named && (k === 'properties' || k === '$defs'))
      }
    }
    for (const schema of [...Object.values(GENERATED), ...Object.values(ANSWERS)]) walk(schema, false)
    expect(unknown).toEqual([])
  })

  const cases: [ResponseSchemaName | AnswerSchemaName, unknown][] = [
    ['items', items],
    ['matrix', matrix],
    [
      'stats',
      { totalStageTimes: [{ stageId: 'main_01-07', times: 3 }], totalStageTimes_24h: [], totalItemQuantities: [{ itemId: '30012', quantity: 2 }], totalApCost: 18 },
    ],
    ['trends', { trend: { 'main_01-07': { startTime: 1, results: { '30012': { quantity: [1, 2], times: [3, 4] } } } } }],
    [
      'notices',
      [
        {
          id: 1,
          severity: null,
          existence: { CN: { exist: true }, US: { exist: false }, JP: { exist: true, openTime: 5 }, KR: { exist: true } },
          content_i18n: { en: 'hi' },
        },
      ],
    ],
    ['login', { userID: '123' }],
    ['config', { demo: true }],
    [
      'efficiency',
      {
        server: 'CN',
        computedAt: 1,
        lmd: true,
        exp: true,
        valueLmd: 0.004,
        valueExp: 0.001,
        values: [{ itemId: '30012', value: 1.5 }],
        stages: [
          {
            stageId: 'main_01-07',
            apCost: 6,
            efficiency: 0.9,
            interval: [0.88, 0.92],
            parts: { material: 0.8, lmd: 0.07, exp: 0.03 },
            used: false,
            wide: false,
            drops: [{ itemId: '30012', perRun: 1.2, times: 100, sanityPerItem: 5, interval: [4.5, null], wide: false }],
          },
        ],
        crafts: [{ itemId: '30013', sanityPerItem: 8.3, goldCost: 200, materials: [{ itemId: '30012', count: 5 }], used: true }],
        attribution: 'Penguin Statistics, CC BY-NC 4.0',
        basis: 'Basis: Penguin Statistics up to 2025-06-21T00:00:00.000Z, plus 12 runs reported here.',
      },
    ],
    [
      'advancedResults',
      { advanced_results: [{ matrix: matrix.slice(0, 3) }, { trend: { 'main_01-07': { startTime: 1, results: { '30012': { quantity: [1], times: [2] } } } } }] },
    ],
  ]
  const zodOf = (name: ResponseSchemaName | AnswerSchemaName) =>
    name in ANSWER_SCHEMAS ? ANSWER_SCHEMAS[name as AnswerSchemaName] : RESPONSE_SCHEMAS[name as ResponseSchemaName]
  const generatedOf = (name: ResponseSchemaName | AnswerSchemaName) =>
    (name in ANSWERS ? ANSWERS[name as AnswerSchemaName] : GENERATED[name as ResponseSchemaName]) as JsonSchema

  it('accepts what zod accepts and rejects what zod rejects (real seed rows and 2,000 mutations of them)', () => {
    const rnd = prng(42)
    let rejected = 0
    for (const [name, valid] of cases) {
      const zod = zodOf(name)
      const schema = generatedOf(name)
      expect(zod.safeParse(valid).success, name).toBe(true)
      expect(checkSchema(schema, valid), name).toBeNull()
      for (let i = 0; i < 200; i++) {
        const candidate = mutate(valid, rnd)
        const z = zod.safeParse(candidate).success
        const ours = checkSchema(schema, candidate) === null
        if (z !== ours) throw new Error(`${name}: zod ${z}, checker ${ours} for ${JSON.stringify(candidate).slice(0, 300)}`)
        if (!ours) rejected++
      }
    }
    expect(rejected).toBeGreaterThan(300)
  })

  it('names the first problem with its path', () => {
    const bad = structuredClone(matrix)
    ;(bad[3] as Record<string, unknown>).times = 'many'
    expect(() => parsers.globalMatrix({ matrix: bad })).toThrow(InvalidStructureError)
    expect(() => parsers.globalMatrix({ matrix: bad })).toThrow(/Invalid structure: 3\.times: Invalid input: expected integer, received string/)
    expect(() => parsers.stats({ totalStageTimes: [] })).toThrow(/totalStageTimes_24h/)
  })
})
