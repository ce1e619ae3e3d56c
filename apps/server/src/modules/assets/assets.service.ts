import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ICON_CELL_SIZE, type AssetFile, type AssetManifest } from '@dropwise/recognizer-pack/assets'
import type { BuildOutput } from './assets.build'
import { downloadAsset, duration, eachLimited, mb } from './asset-download'
import { assetKey, type AssetsRepository } from './assets.repository'
import { AssetManifestSchema, type AssetsState, type AssetsStatus, type BuildStamp } from './assets.schema'
import type { BuildRunner } from './build-worker'

/** Where built files are served: `<ASSETS_PATH>recognizer-pack/<key>/`, `<ASSETS_PATH>icons/items.<key>.webp|json`. */
export const ASSETS_PATH = '/assets/'

/** Bump when the build's output changes for the same inputs: every server then rebuilds once. */
const BUILDER_VERSION = 1
/** The seed files the pack's stage index is built from (readStages): a change rebuilds the pack. */
const SEED_FILES = ['stages.json', 'drop-infos.json', 'items.json']
/** Back-off after failures: 5 s, 15 s, 60 s, then every 5 minutes. */
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000]
const MIN_RETRY_INTERVAL_MS = 5_000
const DOWNLOAD_CONCURRENCY = 4

export interface AssetsServiceDeps {
  /** `false` (`ASSETS=off`): nothing is fetched or built; state `off`. */
  enabled: boolean
  repository: AssetsRepository
  /** `data/assets/manifest.json`. */
  manifestPath: string
  /** `ASSETS_BASE_URL`: `<base>/<owner>/<repo>/<commit>/<path>` is downloaded. */
  baseUrl: string
  /** `ASSETS_DIR` is set: files are only verified, never downloaded. */
  localOnly: boolean
  /** Seed folder: the recognizer pack's stage index. */
  seedDir: string
  /** The operator's pack (`RECOGNIZER_PACK_URL`, or `/recognizer-pack/` for `RECOGNIZER_PACK_DIR`): wins for recognition. */
  operatorPackUrl: string | null
  fetch: typeof fetch
  runBuild: BuildRunner
  clock: () => number
  log: { info: (msg: string) => void; warn: (msg: string) => void }
  retryDelaysMs?: readonly number[]
  minRetryIntervalMs?: number
}

interface Progress {
  state: AssetsState
  done: number
  total: number
  reason: string | null
  output: Pick<BuildStamp, 'packDir' | 'sheet' | 'index'> | null
}

/**
 * Game art and recogniser data, fetched at run time (never committed): the files pinned in the
 * manifest are downloaded into the cache (or taken from `ASSETS_DIR`), verified (size and SHA-256),
 * and built in a worker thread into the recognizer pack and the item icon sheet. Everything runs in
 * the background: `start()` returns at once, failures are retried with back-off, and nothing here can
 * fail a request. A later start whose stamp matches the manifest and seed is ready without any download
 * or build.
 */
export const createAssetsService = (deps: AssetsServiceDeps) => {
  const { repository: repo, clock, log } = deps
  const delays = deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const minRetryInterval = deps.minRetryIntervalMs ?? MIN_RETRY_INTERVAL_MS
  let progress: Progress = { state: deps.enabled ? 'fetching' : 'off', done: 0, total: 0, reason: null, output: null }
  let failures = 0
  let lastAttemptAt = Number.NEGATIVE_INFINITY
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  let abort = new AbortController()
  let stopped = false

  const set = (next: Partial<Progress>) => {
    progress = { ...progress, ...next }
  }

  const download = (f: AssetFile) => downloadAsset({ baseUrl: deps.baseUrl, fetch: deps.fetch, repository: repo }, f, abort.signal)

  const buildKey = async (manifestBytes: Buffer) => {
    const seed = await repo.hashFiles(SEED_FILES.map((f) => join(deps.seedDir, f)))
    const manifest = createHash('sha256').update(manifestBytes).digest('hex')
    return createHash('sha256').update(`${BUILDER_VERSION}\n${ICON_CELL_SIZE}\n${manifest}\n${seed}`).digest('hex').slice(0, 16)
  }

  const attempt = async () => {
    const started = clock()
    lastAttemptAt = started
    set({ state: 'fetching', done: 0, reason: null })
    const manifestBytes = await readFile(deps.manifestPath).catch(() => {
      throw new Error(`cannot read the asset manifest ${deps.manifestPath}`)
    })
    let manifest: AssetManifest
    try {
      manifest = AssetManifestSchema.parse(JSON.parse(manifestBytes.toString('utf8')))
    } catch (err) {
      throw new Error(`the asset manifest ${deps.manifestPath} is not valid: ${(err as Error).message.slice(0, 200)}`)
    }
    const total = manifest.files.length + 2
    set({ total })
    log.info(`assets fetching 0/${total}`)
    const key = await buildKey(manifestBytes)
    const stamp = await repo.readStamp()
    if (stamp?.key === key && (await repo.outputsPresent(stamp))) {
      set({ state: 'ready', done: total, output: stamp })
      log.info(`assets ready in ${((clock() - started) / 1000).toFixed(1)} s (built earlier, nothing fetched)`)
      return
    }

    let fetched = 0
    let done = 0
    await eachLimited(manifest.files, DOWNLOAD_CONCURRENCY, async (f) => {
      const path = repo.sourcePath(f)
      const verdict = await repo.verify(path, f)
      if (!verdict.ok) {
        if (deps.localOnly) {
          throw new Error(verdict.reason === 'missing' ? `ASSETS_DIR has no ${assetKey(f)}` : `ASSETS_DIR/${assetKey(f)}: ${verdict.detail}`)
        }
        if (verdict.reason === 'mismatch') {
          log.warn(`assets: cached ${assetKey(f)} does not match the manifest (${verdict.detail}): deleted, downloading again`)
          await repo.remove(path)
        }
        // Not `fetched += await …`: that reads `fetched` before the wait and loses the other lanes' bytes.
        const got = await download(f)
        fetched += got
      }
      set({ done: ++done })
    })

    const byRole = (role: AssetFile['role']) => manifest.files.filter((f) => f.role === role).map((f) => repo.sourcePath(f))
    let output: BuildOutput
    try {
      output = await deps.runBuild(
        { key, builtDir: repo.builtDir, zip: byRole('item-icons-zip')[0]!, iconFiles: byRole('item-icon'), glyphs: byRole('glyphs')[0]!, seedDir: deps.seedDir },
        () => set({ done: ++done }),
        abort.signal,
      )
    } catch (err) {
      throw new Error(`building failed: ${(err as Error).message}`)
    }
    await repo.writeStamp({ key, builtAt: clock(), packDir: output.packDir, sheet: output.sheet, index: output.index, files: output.files })
    set({ state: 'ready', done: total, output })
    log.info(`assets ready in ${((clock() - started) / 1000).toFixed(1)} s (${mb(fetched)} fetched, ${output.templates} templates, ${output.icons} icons)`)
  }

  const run = (): Promise<void> => {
    if (running) return running
    if (timer) clearTimeout(timer)
    timer = null
    running = attempt()
      .then(() => {
        failures = 0
      })
      .catch((err: unknown) => {
        if (stopped) return
        const delay = delays[Math.min(failures, delays.length - 1)] ?? 300_000
        failures++
        set({ state: 'unavailable', reason: `${(err as Error).message}; retrying in ${duration(delay)}` })
        log.warn(`assets unavailable: ${progress.reason}`)
        timer = setTimeout(() => void run(), delay)
        timer.unref()
      })
      .finally(() => {
        running = null
      })
    return running
  }

  const status = (): AssetsStatus => {
    const { state, done, total, reason, output } = progress
    const ready = state === 'ready' && output !== null
    const packUrl = deps.operatorPackUrl ?? (ready ? `${ASSETS_PATH}${output.packDir}/` : null)
    return {
      state,
      done,
      total,
      reason,
      recognizer: packUrl ? { packUrl } : null,
      itemIcons: ready ? { sheetUrl: `${ASSETS_PATH}${output.sheet}`, indexUrl: `${ASSETS_PATH}${output.index}` } : null,
    }
  }

  return {
    /** Starts the first attempt in the background (does not wait for it). */
    start() {
      if (!deps.enabled || stopped) return
      void run()
    },
    status,
    /** The folder of built files and the served subfolders' creation, for static serving; null while assets are off. */
    builtFiles: deps.enabled ? { root: repo.builtDir, ensureDirs: (dirs: readonly string[]) => repo.ensureServedDirs(dirs) } : null,
    /** A retry now when the assets are unavailable and the last attempt is at least 5 s old; else nothing. */
    retry(): AssetsStatus {
      if (deps.enabled && !stopped && progress.state === 'unavailable' && clock() - lastAttemptAt >= minRetryInterval) void run()
      return status()
    },
    /** The `/config` fields: `recognizer.packUrl`, `itemIcons` (once ready) and `assets`. */
    configExtras(): Record<string, unknown> {
      const s = status()
      return {
        recognizer: { packUrl: s.recognizer?.packUrl ?? null },
        ...(s.itemIcons ? { itemIcons: s.itemIcons } : {}),
        assets: { state: s.state, done: s.done, total: s.total, reason: s.reason },
      }
    },
    /** Resolves once the current attempt, if any, has finished (tests). */
    settled: async () => {
      await running
    },
    /** Stops retries, aborts downloads and the build worker. */
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      abort.abort()
      await running?.catch(() => {})
      abort = new AbortController()
    },
  }
}
export type AssetsService = ReturnType<typeof createAssetsService>
