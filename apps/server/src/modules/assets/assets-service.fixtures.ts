/** Fixtures of the assets service's tests: a fake mirror and build, a small manifest and game data. */
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { AssetFile, AssetManifest } from '@dropwise/recognizer-pack/assets'
import { NO_END_MS, type Item } from '@dropwise/schemas'
import { zipSync } from 'fflate'
import type { DropInfoRecord, StageRecord } from '../catalog/catalog.types'
import type { BuildInput, BuildOutput } from './assets.build'
import { createAssetsRepository } from './assets.repository'
import { createAssetsService, type AssetsServiceDeps } from './assets.service'
import type { BuildRunner } from './build-worker'

export const root = mkdtempSync(join(tmpdir(), 'dropwise-assets-service-'))
/**
 * Removes the fixtures' temporary folder (from the tests' afterAll). The server's test files share their
 * worker's modules (isolate: false): the next file using this module in the worker gets the folder and its
 * manifest again from `setup`.
 */
export const removeFixtures = () => rmSync(root, { recursive: true, force: true })

export const BASE = 'http://mirror.test'
export const COMMIT = 'c'.repeat(40)
export const bytes = (s: string) => new TextEncoder().encode(s)
export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
export const CONTENT: Record<string, Uint8Array> = {
  'icons.zip': zipSync({ '2001.jpg': bytes('jpg bytes') }),
  'hash_index.json': bytes('{"result":{}}'),
  '9001.png': bytes('png bytes'),
}
const ROLES: Record<string, AssetFile['role']> = { 'icons.zip': 'item-icons-zip', 'hash_index.json': 'glyphs', '9001.png': 'item-icon' }
export const files: AssetFile[] = Object.entries(CONTENT).map(([name, b]) => ({
  repo: 'owner/repo',
  commit: COMMIT,
  path: `res/${name}`,
  sha256: sha256(b),
  bytes: b.length,
  role: ROLES[name]!,
}))
const manifest: AssetManifest = { format: 'dropwise-assets', version: 1, files }
const manifestPath = join(root, 'manifest.json')
const writeFixtures = () => {
  mkdirSync(root, { recursive: true })
  writeFileSync(manifestPath, JSON.stringify(manifest))
}
writeFixtures()

const EVERYWHERE = { CN: { exist: true }, US: { exist: true }, JP: { exist: true }, KR: { exist: true } }
export const stage = (stageId: string, code: string): StageRecord => ({
  stageId,
  zoneId: 'z',
  stageType: 'MAIN',
  code_i18n: { zh: code, en: code, ja: code, ko: code },
  apCost: 6,
  minClearTime: null,
  existence: EVERYWHERE,
  isGacha: false,
})
export const item = (itemId: string): Item =>
  ({ itemId, name: itemId, name_i18n: { zh: `${itemId}zh`, en: `${itemId}en`, ja: `${itemId}ja`, ko: `${itemId}ko` }, existence: EVERYWHERE }) as Item
export const drop = (stageId: string, itemId: string, endAt = NO_END_MS): DropInfoRecord => ({
  server: 'CN',
  stageId,
  itemId,
  dropType: 'NORMAL_DROP',
  lowerBound: 0,
  upperBound: 1,
  exceptions: null,
  startAt: 0,
  endAt,
  accumulable: true,
})
/** The game data the service follows: a stage dropping the zip's and the pinned icon's items; `more` adds to it. */
export const gameData = (more: { stages?: StageRecord[]; dropInfos?: DropInfoRecord[]; items?: Item[] } = {}) => ({
  stages: [stage('main_01-07', '1-7'), ...(more.stages ?? [])],
  dropInfos: [drop('main_01-07', '2001'), drop('main_01-07', '9001'), ...(more.dropInfos ?? [])],
  items: [item('2001'), item('9001'), ...(more.items ?? [])],
})

/** A mirror answering from CONTENT (or `served`), counting requests; `down` = connection refused. */
export const fakeNetwork = (served: Record<string, Uint8Array> = CONTENT) => {
  const net = { down: false, requests: [] as string[] }
  const fetch = (async (url: string | URL) => {
    net.requests.push(String(url))
    if (net.down) throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) })
    const name = String(url).split('/').pop()!
    const body = served[name]
    return body ? new Response(body) : new Response('not found', { status: 404 })
  }) as typeof globalThis.fetch
  return { net, fetch }
}

/** Writes small stand-ins for the outputs, reporting both steps, like the worker does; `gate` holds it until resolved. */
export const fakeBuild = () => {
  const calls: BuildInput[] = []
  const control = { gate: null as Promise<void> | null }
  const run: BuildRunner = async (input, onStep) => {
    calls.push(input)
    await control.gate
    const out: BuildOutput = {
      packDir: `recognizer-pack/${input.key}`,
      sheet: `icons/items.${input.key}.webp`,
      index: `icons/items.${input.key}.json`,
      templates: 1,
      icons: 2,
      items: [
        '2001',
        ...input.iconFiles.map((f) =>
          f
            .split('/')
            .pop()!
            .replace(/\.png$/, ''),
        ),
      ].sort(),
      files: [],
    }
    for (const path of [`${out.packDir}/pack.json`, out.sheet, out.index]) {
      mkdirSync(dirname(join(input.builtDir, path)), { recursive: true })
      writeFileSync(join(input.builtDir, path), 'x')
      out.files.push({ path, bytes: 1 })
      if (path === out.sheet) onStep('pack')
    }
    onStep('sheet')
    return out
  }
  return { calls, run, control }
}

let n = 0
export const setup = (over: Partial<AssetsServiceDeps> & { cacheDir?: string; sourceDir?: string; served?: Record<string, Uint8Array> } = {}) => {
  writeFixtures()
  const cacheDir = over.cacheDir ?? join(root, `cache-${++n}`)
  const network = fakeNetwork(over.served)
  const data = { current: gameData() }
  const build = fakeBuild()
  const logs: string[] = []
  const clock = { now: 1_000_000 }
  const service = createAssetsService({
    enabled: true,
    repository: createAssetsRepository({ cacheDir, sourceDir: over.sourceDir }),
    manifestPath,
    baseUrl: BASE,
    localOnly: over.sourceDir !== undefined,
    referenceData: async () => data.current,
    operatorPackUrl: null,
    fetch: network.fetch,
    runBuild: build.run,
    clock: () => clock.now,
    log: { info: (m) => logs.push(m), warn: (m) => logs.push(m) },
    minRetryIntervalMs: 0,
    ...over,
  })
  return { service, network, build, logs, clock, cacheDir, data }
}
