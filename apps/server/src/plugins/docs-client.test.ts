/**
 * The API description is good enough to build a client from: TypeScript types generated from the served
 * document (openapi-typescript) type-check a small openapi-fetch client (and refuse a wrong call), and
 * that client then talks to the real app over HTTP: items, stages, matrix, report, login, planner.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../testing/test-app'

const REPO = fileURLToPath(new URL('../../../../', import.meta.url))

/** The client a third party would write, against the generated `paths` only. */
const CLIENT = `import createClient from 'openapi-fetch'
import type { paths } from './openapi'

export const runClient = async (baseUrl: string) => {
  const client = createClient<paths>({ baseUrl })
  const items = await client.GET('/api/v2/items')
  const stages = await client.GET('/api/v2/stages', { params: { query: { server: 'CN' } } })
  const matrix = await client.GET('/api/v2/result/matrix', { params: { query: { server: 'CN', stageFilter: 'main_01-07' } } })
  const report = await client.POST('/api/v2/report', {
    body: { server: 'CN', stageId: 'main_01-07', source: 'openapi-client', version: '1.0.0', drops: [{ dropType: 'NORMAL_DROP', itemId: '30012', quantity: 1 }] },
  })
  const penguinId = report.response.headers.get('X-Penguin-Set-PenguinID') ?? ''
  const login = await client.POST('/api/v2/users', {
    body: penguinId,
    bodySerializer: (id: string) => id,
    headers: { 'Content-Type': 'text/plain' },
    parseAs: 'text',
  })
  const plan = await client.POST('/planner/plan', { body: { required: { '30013': 4 }, server: 'CN' } })
  const cube = items.data?.find((item) => item.itemId === '30012')
  const stage = stages.data?.find((s) => s.stageId === 'main_01-07')
  return {
    items: items.data?.length ?? 0,
    cube: cube?.name_i18n.en,
    dropInfos: stage?.dropInfos?.map((info) => info.dropType) ?? [],
    matrixStages: [...new Set(matrix.data?.matrix.map((e) => e.stageId))],
    reportHash: report.data?.reportHash ?? report.error?.message,
    penguinId,
    login: login.data,
    planStages: plan.data?.stages?.map((s) => s.stage) ?? [],
    planCost: plan.data?.cost,
  }
}
`

/** Calls the generated types must refuse: an unknown path, a server that does not exist, a missing field. */
const WRONG = `import createClient from 'openapi-fetch'
import type { paths } from './openapi'

const client = createClient<paths>({ baseUrl: 'http://localhost' })
export const a = client.GET('/api/v2/itemz')
export const b = client.GET('/api/v2/stages', { params: { query: { server: 'EU' } } })
export const c = client.POST('/api/v2/report', { body: { server: 'CN', stageId: 'main_01-07', source: 'x' } })
`

const typeErrors = (files: string[]) => {
  const program = ts.createProgram(files, {
    strict: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    noEmit: true,
    skipLibCheck: true,
  })
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${d.file.fileName.split('/').pop()}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : ''
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
  })
}

describe('a client generated from the API description', () => {
  let ctx: TestContext
  let baseUrl: string
  // Inside node_modules, so that the client's `import 'openapi-fetch'` resolves as it would in a project.
  const dir = join(REPO, 'node_modules/.cache', `dropwise-openapi-client-${process.pid}`)

  beforeAll(async () => {
    ctx = await createTestContext({ name: 'pglite' })
    baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 })
    mkdirSync(dir, { recursive: true })
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenAPI3
    writeFileSync(join(dir, 'openapi.d.ts'), astToString(await openapiTS(doc)))
    writeFileSync(join(dir, 'client.ts'), CLIENT)
    writeFileSync(join(dir, 'wrong.ts'), WRONG)
  })
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true })
    await ctx?.close()
  })

  it('type-checks the client, and refuses wrong calls', () => {
    expect(typeErrors([join(dir, 'client.ts')])).toEqual([])
    const wrong = typeErrors([join(dir, 'wrong.ts')])
    expect(wrong.map((e) => e.split(' ')[0])).toEqual(['wrong.ts:5', 'wrong.ts:6', 'wrong.ts:7'])
  }, 60_000)

  it('runs against the real app: items, stages, matrix, report, login and a plan', async () => {
    const js = ts.transpileModule(CLIENT, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true } }).outputText
    writeFileSync(join(dir, 'client.mjs'), js)
    const { runClient } = (await import(/* @vite-ignore */ pathToFileURL(join(dir, 'client.mjs')).href)) as {
      runClient: (baseUrl: string) => Promise<Record<string, unknown>>
    }
    const got = await runClient(baseUrl)
    expect(got.items).toBeGreaterThan(100)
    expect(got.cube).toBe('Orirock Cube')
    expect(got.dropInfos).toContain('NORMAL_DROP')
    expect(got.matrixStages).toEqual(['main_01-07'])
    expect(got.reportHash).toHaveLength(37)
    expect(got.penguinId).toMatch(/^\d{9}$/)
    expect(got.login).toBe(JSON.stringify({ userID: got.penguinId }))
    expect(got.planStages).not.toEqual([])
    expect(got.planCost).toBeGreaterThan(0)
  }, 60_000)
})
