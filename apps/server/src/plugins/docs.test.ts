/**
 * The API description at /api/docs/json: valid by Redocly's recommended rules, complete (every operation
 * has an id, a summary and security stated by its route's schema; every referenced schema is defined),
 * and true: answers of the real app match the schemas it states.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, dbTargets, type TestContext } from '../testing/test-app'
import { fallbackId } from './docs-describe'

const REPO = fileURLToPath(new URL('../../../../', import.meta.url))
const REDOCLY = join(REPO, 'node_modules/.bin/redocly')
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']

interface Operation {
  operationId?: string
  summary?: string
  security?: Record<string, string[]>[]
  tags?: string[]
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> }
  responses: Record<string, { content?: Record<string, { schema: unknown; example?: unknown }> }>
}
interface Document {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> }
}

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })),
  )

const fetchDocument = async (ctx: TestContext) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
  expect(res.statusCode).toBe(200)
  return res.json() as Document
}

/** A validator of the document's schemas: component refs point into one schema of all components. */
const schemaValidator = (doc: Document) => {
  const base = 'https://dropwise.invalid/openapi.json'
  const absolute = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${base}#/$defs/`)) as object
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  ajv.addSchema({ $id: base, $defs: absolute(doc.components.schemas) })
  return (schema: unknown, value: unknown) => {
    const validate = ajv.compile(absolute(schema))
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`)
  }
}

describe('the API description', () => {
  let ctx: TestContext
  let doc: Document

  beforeAll(async () => {
    ctx = await createTestContext({ name: 'pglite' })
    doc = await fetchDocument(ctx)
  })
  afterAll(async () => ctx?.close())

  it('passes Redocly’s recommended rules (redocly.yaml) with no error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dropwise-openapi-'))
    try {
      const file = join(dir, 'openapi.json')
      writeFileSync(file, JSON.stringify(doc, null, 2))
      const run = spawnSync(REDOCLY, ['lint', file, '--format=json', '--max-problems=1000', `--config=${join(REPO, 'redocly.yaml')}`], {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      })
      const report = JSON.parse(run.stdout) as {
        totals: { errors: number; warnings: number }
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[]
      }
      const listed = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)
      expect(listed.filter((p) => p.startsWith('error'))).toEqual([])
      expect(report.totals.errors).toBe(0)
      // The only warnings: the short links answer nothing but a 302 redirect (redocly.yaml says why).
      expect(listed).toEqual([
        'warn operation-2xx-response #/paths/~1api~1v2~1short/get/responses: Operation must have at least one `2XX` response.',
        'warn operation-2xx-response #/paths/~1api~1v2~1short~1{word}/get/responses: Operation must have at least one `2XX` response.',
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('describes every operation once, with an id, a summary and security from its route’s schema', () => {
    expect(doc.openapi).toBe('3.1.0')
    const ops = operationsOf(doc)
    for (const { key, method, path, op } of ops) {
      // A route without `...operation({...})` in its schema gets the generated id: none may.
      expect(op.operationId, `${key} needs ...operation({...}) in its route's schema`).not.toBe(fallbackId(method, path))
      expect(
        Object.keys(op).filter((k) => k.startsWith('x-')),
        key,
      ).toEqual([])
      expect(op.summary, key).toBeTruthy()
      expect(Array.isArray(op.security), key).toBe(true)
      expect(op.responses['500'], key).toBeDefined()
    }
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length)
    // No query string or optional segment in a path; the mirror prefix and the planner's v2 copies are not repeated.
    for (const path of Object.keys(doc.paths)) expect(path).not.toMatch(/[?&=]/)
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/PenguinStats') || p.endsWith('/api/v2/planner/plan'))).toEqual([])
    // Our extensions are part of it.
    const ids = ops.map((o) => o.op.operationId)
    expect(ids).toEqual(
      expect.arrayContaining(['submitRecognitionBatch', 'plan', 'exportMatrix', 'shortLink', 'initDefectReport', 'queryAdvanced', 'getOperators', 'planOperators']),
    )
  })

  it('names the game-data version header on every v2 answer, and the reference lists’ ETag and 304', () => {
    type Answer = { headers?: Record<string, { description?: string }> }
    const v2 = operationsOf(doc).filter((o) => o.path.startsWith('/api/v2/'))
    expect(v2.length).toBeGreaterThan(20)
    for (const { key, op } of v2) {
      for (const [status, answer] of Object.entries(op.responses as Record<string, Answer>))
        expect(answer.headers?.['X-Dropwise-Data-Version'], `${key} ${status}`).toBeDefined()
    }
    const lists = ['/api/v2/stages', '/api/v2/items', '/api/v2/zones', '/api/v2/period', '/api/v2/operators']
    for (const path of lists) {
      const op = doc.paths[path]?.get as (Operation & { parameters?: { name: string; in: string }[] }) | undefined
      const answers = op?.responses as Record<string, Answer> | undefined
      expect(answers?.['200']?.headers?.ETag, path).toBeDefined()
      expect(answers?.['304']?.headers?.ETag, path).toBeDefined()
      expect(op?.parameters, path).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'If-None-Match', in: 'header' })]))
    }
    // Only the lists, the open-data snapshots and the changes feed revalidate (§3j, §3n).
    const openData = ['/api/v2/export/snapshots', '/api/v2/export/snapshots/{snapshot}/{file}', '/api/v2/changes']
    const with304 = operationsOf(doc).filter((o) => '304' in o.op.responses)
    expect(with304.map((o) => o.path).sort()).toEqual([...lists, ...openData].sort())
  })

  it('lists every operators’ route with the OpsToken scheme and its 401', () => {
    const ops = operationsOf(doc).filter((o) => o.path.startsWith('/api/_/ops/'))
    expect(ops.map((o) => o.key).sort()).toEqual([
      'DELETE /api/_/ops/about',
      'DELETE /api/_/ops/notices/{noticeId}',
      'DELETE /api/_/ops/rules/{ruleId}',
      'GET /api/_/ops/audit',
      'GET /api/_/ops/notices',
      'GET /api/_/ops/rules',
      'POST /api/_/ops/notices',
      'POST /api/_/ops/rules',
      'PUT /api/_/ops/about',
      'PUT /api/_/ops/notices/{noticeId}',
    ])
    expect(doc.components.securitySchemes.OpsToken).toMatchObject({ type: 'http', scheme: 'bearer' })
    for (const { key, op } of ops) {
      expect(op.security, key).toEqual([{ OpsToken: [] }])
      expect(op.responses['401'], key).toBeDefined()
    }
  })

  it('defines every schema it refers to, and the PenguinID schemes the personal routes list', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] as string)
    expect(refs.length).toBeGreaterThan(20)
    for (const name of new Set(refs)) expect(doc.components.schemas[name], name).toBeDefined()
    expect(doc.components.securitySchemes.PenguinID).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' })
    expect(doc.components.securitySchemes.PenguinIDCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'userID' })
    const security = (key: string) => operationsOf(doc).find((o) => o.key === key)?.op.security
    expect(security('GET /api/v2/items')).toEqual([])
    expect(security('POST /api/v2/report/recall')).toEqual([{ PenguinID: [] }, { PenguinIDCookie: [] }])
    for (const key of [
      'GET /api/v2/result/matrix',
      'GET /api/v2/_private/result/matrix/{server}/{source}/{category}',
      'POST /api/v2/result/advanced',
      'POST /api/v2/report',
    ]) {
      expect(security(key), key).toEqual([{}, { PenguinID: [] }, { PenguinIDCookie: [] }])
    }
  })

  it('keeps the /config answer open: the operator’s keys and any extras pass', () => {
    const validate = schemaValidator(doc)
    const schema = doc.paths['/api/v2/config']?.get?.responses['200']?.content?.['application/json']?.schema
    expect(validate(schema, { recognition: { 'items-resources': { prefix: { CN: 'v1' } } }, itemIcons: { sheetUrl: '/x' }, anything: [1, 'two'] })).toEqual([])
    // …while the other answers' schemas do hold their shapes (the validator is not a yes-man).
    const stage = doc.paths['/api/v2/stages/{stageId}']?.get?.responses['200']?.content?.['application/json']?.schema
    expect(validate(stage, { stageId: 1 })).not.toEqual([])
  })

  it('carries examples from real answers, each valid for its schema', () => {
    const validate = schemaValidator(doc)
    let count = 0
    for (const { key, op } of operationsOf(doc)) {
      const media = [...Object.values(op.requestBody?.content ?? {}), ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}))]
      for (const m of media) {
        if (m.example === undefined) continue
        count++
        expect(validate(m.schema, m.example), key).toEqual([])
      }
    }
    for (const key of ['GET /api/v2/items', 'GET /api/v2/stages', 'GET /api/v2/result/matrix', 'POST /api/v2/report', 'POST /api/v2/users']) {
      const op = operationsOf(doc).find((o) => o.key === key)?.op
      expect(Object.values(op?.responses['200']?.content ?? {})[0]?.example, key).toBeDefined()
    }
    expect(count).toBeGreaterThanOrEqual(15)
  })
})

describe.each(dbTargets())('answers match the API description on $name', (target) => {
  let ctx: TestContext
  let doc: Document
  let validate: ReturnType<typeof schemaValidator>

  beforeAll(async () => {
    ctx = await createTestContext(target)
    doc = await fetchDocument(ctx)
    validate = schemaValidator(doc)
  })
  afterAll(async () => ctx?.close())

  /** The schema the document states for `status` of the operation at `path`. */
  const stated = (method: string, path: string, status: number) => {
    const content = doc.paths[path]?.[method]?.responses[String(status)]?.content
    const schema = content?.['application/json']?.schema
    if (!schema) throw new Error(`${method} ${path} ${status}: no JSON schema in the document`)
    return schema
  }

  it.each<[string, string, string, number]>([
    ['get', '/api/v2/items', '/api/v2/items', 200],
    ['get', '/api/v2/items/{itemId}', '/api/v2/items/30012', 200],
    ['get', '/api/v2/stages', '/api/v2/stages?server=US', 200],
    ['get', '/api/v2/stages/{stageId}', '/api/v2/stages/main_01-07', 200],
    ['get', '/api/v2/zones', '/api/v2/zones', 200],
    ['get', '/api/v2/period', '/api/v2/period', 200],
    ['get', '/api/v2/config', '/api/v2/config', 200],
    ['get', '/api/v2/formula', '/api/v2/formula', 200],
    ['get', '/api/v2/result/matrix', '/api/v2/result/matrix?show_closed_zones=true', 200],
    ['get', '/api/v2/_private/result/matrix/{server}/{source}/{category}', '/PenguinStats/api/v2/_private/result/matrix/CN/global/automated', 200],
    ['get', '/api/v2/_private/result/pattern/{server}/{source}', '/PenguinStats/api/v2/_private/result/pattern/CN/global', 200],
    ['get', '/api/v2/result/trends', '/api/v2/result/trends', 200],
    ['get', '/api/v2/stats', '/api/v2/stats', 200],
    ['get', '/api/_/health', '/api/_/health', 200],
    ['get', '/api/_/about', '/api/_/about', 200],
    ['get', '/api/_/ops/rules', '/api/_/ops/rules', 401],
    ['get', '/api/v2/items/{itemId}', '/api/v2/items/no-such-item', 400],
  ])('%s %s (%s → %i)', async (method, path, url, status) => {
    const res = await ctx.app.inject({ method: method.toUpperCase() as 'GET', url })
    expect(res.statusCode).toBe(status)
    expect(validate(stated(method, path, status), res.json())).toEqual([])
  })

  it('POST report, advanced query and plan', async () => {
    const report = { server: 'CN', stageId: 'main_01-07', source: 'docs-test', version: '1.0.0', drops: [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 }] }
    const submitted = await ctx.app.inject({ method: 'POST', url: '/api/v2/report', payload: report })
    expect(submitted.statusCode).toBe(200)
    expect(validate(stated('post', '/api/v2/report', 200), submitted.json())).toEqual([])

    const queries = [
      { server: 'CN', stageId: 'main_01-07' },
      { server: 'CN', stageId: 'main_01-07', start: Date.now() - 86_400_000, interval: 3_600_000 },
    ]
    const advanced = await ctx.app.inject({ method: 'POST', url: '/api/v2/result/advanced', payload: { queries } })
    expect(advanced.statusCode).toBe(200)
    expect(validate(stated('post', '/api/v2/result/advanced', 200), advanced.json())).toEqual([])

    const plan = await ctx.app.inject({ method: 'POST', url: '/planner/plan', payload: { required: { '30013': 4 }, server: 'CN' } })
    expect(plan.statusCode).toBe(200)
    expect(validate(stated('post', '/planner/plan', 200), plan.json())).toEqual([])

    const bad = await ctx.app.inject({ method: 'POST', url: '/api/v2/report', payload: { ...report, server: 'UK' } })
    expect(bad.statusCode).toBe(400)
    expect(validate(stated('post', '/api/v2/report', 400), bad.json())).toEqual([])
  })
})
