import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { sourceKey } from '@dropwise/importer/sources'
import { SYNC_SOURCE_FILES } from '../modules/game-data/game-data.sources'
import { serveMirror, type MirrorServer } from '../../../../tooling/test-kit/asset-mirror'
import { afterAll, beforeAll } from 'vitest'
import type { AppOptions } from '../app'
import { createTestContext, SHARED_DATA_DIR, type DbTarget, type TestContext } from './test-app'

export const RAW_DIR = join(SHARED_DATA_DIR, 'raw')

/**
 * The game-data sources laid out like the public repositories (`<owner>/<repo>/<ref>/<path>`, what
 * `ASSETS_BASE_URL` promises) from ../shared/data/raw, served over HTTP on 127.0.0.1, with helpers to
 * edit a file as a newer upstream would.
 */
export interface SourcesMirror extends MirrorServer {
  root: string
  /** Reads a source file by the importer's raw path (`maa/stages.json`). */
  read: <T>(rawPath: string) => Promise<T>
  /** Replaces a source file's content (JSON value, or raw text to publish broken bytes). */
  write: (rawPath: string, content: unknown) => Promise<void>
  /** Puts every file back as in ../shared/data/raw. */
  reset: () => Promise<void>
  dispose: () => Promise<void>
}

const served = SYNC_SOURCE_FILES.filter((f) => f.mode === 'follow' || f.mode === 'pinned')
const target = (root: string, rawPath: string) => {
  const f = served.find((s) => s.raw === rawPath)
  if (!f) throw new Error(`${rawPath} is not a served source`)
  return join(root, ...sourceKey(f).split('/'))
}

export const startSourcesMirror = async (): Promise<SourcesMirror> => {
  const root = await mkdtemp(join(tmpdir(), 'dropwise-sources-'))
  const reset = async () => {
    for (const f of served) {
      const to = target(root, f.raw)
      await mkdir(dirname(to), { recursive: true })
      await copyFile(join(RAW_DIR, f.raw), to)
    }
  }
  await reset()
  const server = await serveMirror(root)
  return {
    ...server,
    root,
    read: async <T>(rawPath: string) => JSON.parse(await readFile(target(root, rawPath), 'utf8')) as T,
    write: (rawPath, content) => writeFile(target(root, rawPath), typeof content === 'string' ? content : JSON.stringify(content)),
    reset,
    dispose: async () => {
      await server.close()
      await rm(root, { recursive: true, force: true })
    },
  }
}

/** The ops token of `useSyncedApp`'s app (`Authorization: Bearer …` on `/api/_/data/sync`). */
export const SYNC_TOKEN = 'test-ops-token-0123456789'

/**
 * For a describe block: a real app over a fresh database whose game-data sync follows a fresh sources mirror
 * (`POST /api/_/data/sync` with SYNC_TOKEN applies what the mirror serves), made before its tests and closed
 * after them. The fields are set once the block's `beforeAll` ran. `more` adds app options (read in that
 * `beforeAll`, so it may name what an earlier `beforeAll` started).
 */
export const useSyncedApp = (target: DbTarget, more: () => Partial<AppOptions> = () => ({})) => {
  const env = {} as { mirror: SourcesMirror; ctx: TestContext }
  beforeAll(async () => {
    env.mirror = await startSourcesMirror()
    const { gameData, ...rest } = more()
    env.ctx = await createTestContext(target, { app: { ...rest, gameData: { baseUrl: env.mirror.url, opsToken: SYNC_TOKEN, ...gameData } } })
  }, 120_000)
  afterAll(async () => {
    await env.ctx?.close()
    await env.mirror?.dispose()
  })
  return env
}
