import type { AssetFile } from '@dropwise/recognizer-pack/assets'
import type { BuildOutput } from './assets.build'
import { downloadAsset, duration, eachLimited, mb } from './asset-download'
import { OFF_HINT, UNAVAILABLE_HINT } from './assets.health'
import { assetKey, type AssetsRepository } from './assets.repository'
import type { AssetsState, AssetsStatus, BuildStamp, UnreadableItem } from './assets.schema'
import { buildKey, headReason, pinnedItemIds, readManifest } from './build-inputs'
import type { BuildRunner } from './build-worker'
import { followHeadTemplates } from './head-templates'
import { stageDataHash, stageDataOf, unreadableItems, wantedItems, type ReferenceData } from './pack-coverage'

/** Where built files are served: `<ASSETS_PATH>recognizer-pack/<key>/`, `<ASSETS_PATH>icons/items.<key>.webp|json`. */
export const ASSETS_PATH = '/assets/'

/** Back-off after failures: 5 s, 15 s, 60 s, then every 5 minutes. */
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000]
/** MaaResource had no template for some wanted item: asked again after this (and at every new game-data version). */
export const HEAD_RECHECK_MS = 3_600_000
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
  /**
   * The current game data (the catalog's snapshot, once the database is ready): the pack's stage
   * index, and the items it must have templates for.
   */
  referenceData: () => Promise<ReferenceData>
  /** The operator's pack (`RECOGNIZER_PACK_URL`, or `/recognizer-pack/` for `RECOGNIZER_PACK_DIR`): wins for recognition. */
  operatorPackUrl: string | null
  fetch: typeof fetch
  runBuild: BuildRunner
  clock: () => number
  log: { info: (msg: string) => void; warn: (msg: string) => void }
  retryDelaysMs?: readonly number[]
  minRetryIntervalMs?: number
  headRecheckMs?: number
}

interface Progress {
  state: AssetsState
  done: number
  total: number
  reason: string | null
  output: Pick<BuildStamp, 'packDir' | 'sheet' | 'index' | 'items'> | null
  unreadable: UnreadableItem[]
  updating: boolean
}

/**
 * Game art and recogniser data, fetched at run time (never committed): the files pinned in the
 * manifest are downloaded into the cache (or taken from `ASSETS_DIR`), verified (size and SHA-256),
 * and built in a worker thread into the recognizer pack and the item icon sheet. Everything runs in
 * the background: `start()` returns at once, failures are retried with back-off, and nothing here can
 * fail a request. The pack's stage index is the current game data's (the catalog), and items no pinned
 * file covers get MaaResource's template at its branch head when it has one; `follow()` (a new game-data
 * version) builds again when either changed, while the built pack keeps serving. A later start whose
 * stamp matches is ready without any build.
 */
export const createAssetsService = (deps: AssetsServiceDeps) => {
  const { repository: repo, clock, log } = deps
  const delays = deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const minRetryInterval = deps.minRetryIntervalMs ?? MIN_RETRY_INTERVAL_MS
  const headRecheck = deps.headRecheckMs ?? HEAD_RECHECK_MS
  let progress: Progress = { state: deps.enabled ? 'fetching' : 'off', done: 0, total: 0, reason: null, output: null, unreadable: [], updating: false }
  let failures = 0
  let headFailures = 0
  /** After the attempt: when to try again although it succeeded (head templates missing or failed); null = not needed. */
  let recheckIn: number | null = null
  /** Newer game data arrived while an attempt ran: one more attempt after it. */
  let again = false
  let lastAttemptAt = Number.NEGATIVE_INFINITY
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  let abort = new AbortController()
  let stopped = false

  const set = (next: Partial<Progress>) => {
    progress = { ...progress, ...next }
  }

  const download = (f: AssetFile) => downloadAsset({ baseUrl: deps.baseUrl, fetch: deps.fetch, repository: repo }, f, abort.signal)

  const attempt = async () => {
    const started = clock()
    lastAttemptAt = started
    // Following newer game data: the built pack keeps serving (state stays ready) until the new one is in place.
    const following = progress.output !== null
    if (following) set({ updating: true })
    else set({ state: 'fetching', done: 0, reason: null })
    const { manifest, manifestBytes } = await readManifest(deps.manifestPath)
    const total = manifest.files.length + 2
    if (!following) {
      set({ total })
      log.info(`assets fetching 0/${total}`)
    }
    const data = await deps.referenceData().catch((err: unknown) => {
      throw new Error(`cannot read the game data: ${(err as Error).message}`)
    })
    const wanted = wantedItems(data, clock())
    if (progress.output) set({ unreadable: unreadableItems(wanted, new Set(progress.output.items)) })
    const stageData = stageDataOf(data)

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
      if (!following) set({ done: ++done })
    })

    const byRole = (role: AssetFile['role']) => manifest.files.filter((f) => f.role === role).map((f) => repo.sourcePath(f))
    const zip = byRole('item-icons-zip')[0]!
    // Only items no pinned file covers come from MaaResource's head: pinned files stay pinned.
    const pinned = await pinnedItemIds(zip, byRole('item-icon')).catch((err: Error) => {
      throw new Error(`items.zip ${err.message}`)
    })
    const head = await followHeadTemplates(
      { baseUrl: deps.baseUrl, fetch: deps.fetch, repository: repo, localOnly: deps.localOnly, clock },
      wanted.filter((w) => !pinned.has(w.itemId)).map((w) => w.itemId),
      abort.signal,
    )
    fetched += head.fetched
    const retryMs = delays[Math.min(headFailures, delays.length - 1)] ?? 300_000
    headFailures = head.failed.length > 0 ? headFailures + 1 : 0
    recheckIn = head.failed.length > 0 ? retryMs : head.missing.length > 0 ? headRecheck : null
    const reason = headReason(head, retryMs)
    if (reason) log.warn(`assets: ${reason}`)

    const key = buildKey(manifestBytes, stageDataHash(stageData), head.found)
    const stamp = await repo.readStamp()
    if (stamp?.key === key && (await repo.outputsPresent(stamp))) {
      set({ state: 'ready', done: total, output: stamp, reason, unreadable: unreadableItems(wanted, new Set(stamp.items)), updating: false })
      log.info(`assets ready in ${((clock() - started) / 1000).toFixed(1)} s (built earlier, ${mb(fetched)} fetched)`)
      return
    }
    let output: BuildOutput
    try {
      output = await deps.runBuild(
        {
          key,
          builtDir: repo.builtDir,
          zip,
          iconFiles: [...byRole('item-icon'), ...head.found.map((h) => repo.headPath(h.key))],
          glyphs: byRole('glyphs')[0]!,
          stageData,
        },
        () => (following ? undefined : set({ done: ++done })),
        abort.signal,
      )
    } catch (err) {
      throw new Error(`building failed: ${(err as Error).message}`)
    }
    const { packDir, sheet, index, files, items } = output
    await repo.writeStamp({ key, builtAt: clock(), packDir, sheet, index, files, items, head: head.found })
    const unreadable = unreadableItems(wanted, new Set(items))
    set({ state: 'ready', done: total, output, reason, unreadable, updating: false })
    log.info(
      `assets ready in ${((clock() - started) / 1000).toFixed(1)} s (${mb(fetched)} fetched, ${output.templates} templates (${head.found.length} from MaaResource's head), ${output.icons} icons; ${unreadable.length} wanted item(s) without a template)`,
    )
  }

  const schedule = (delay: number) => {
    timer = setTimeout(() => void run(), delay)
    timer.unref()
  }

  const run = (): Promise<void> => {
    if (running) return running
    if (timer) clearTimeout(timer)
    timer = null
    recheckIn = null
    running = attempt()
      .then(() => {
        failures = 0
        if (recheckIn !== null && !stopped) schedule(recheckIn)
      })
      .catch((err: unknown) => {
        if (stopped) return
        const delay = delays[Math.min(failures, delays.length - 1)] ?? 300_000
        failures++
        const why = `${(err as Error).message}; retrying in ${duration(delay)}`
        // A pack is served already: it keeps serving, the failure to follow newer data is a reason, not a state.
        if (progress.output) {
          set({ reason: `could not follow the game data: ${why}`, updating: false })
          log.warn(`assets: ${progress.reason}`)
        } else {
          set({ state: 'unavailable', reason: why })
          log.warn(`assets unavailable: ${progress.reason}. Screenshot recognition is not ready for players: ${UNAVAILABLE_HINT}`)
        }
        schedule(delay)
      })
      .finally(() => {
        running = null
        if (again && !stopped) {
          again = false
          void run()
        }
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
      // What the operator's pack can read is not known here: nothing is listed for it.
      unreadable: ready && !deps.operatorPackUrl ? progress.unreadable : [],
      updating: progress.updating,
    }
  }

  return {
    /** Starts the first attempt in the background (does not wait for it). */
    start() {
      if (!deps.enabled && !deps.operatorPackUrl) log.info(`assets: ${OFF_HINT}`)
      if (!deps.enabled || stopped) return
      void run()
    },
    status,
    /** The folder of built files and the served subfolders' creation, for static serving; null while assets are off. */
    builtFiles: deps.enabled ? { root: repo.builtDir, ensureDirs: (dirs: readonly string[]) => repo.ensureServedDirs(dirs) } : null,
    /**
     * Newer game data is served (`gameData.onGameDataVersion`): builds again when its stages, drops or
     * items changed what the pack holds (the build key says so; otherwise nothing is rebuilt). Runs in
     * the background; an attempt under way is followed by one more.
     */
    follow() {
      if (!deps.enabled || stopped) return
      if (running) again = true
      else void run()
    },
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
        assets: { state: s.state, done: s.done, total: s.total, reason: s.reason, unreadable: s.unreadable, updating: s.updating },
      }
    },
    /** Resolves once the current attempt, and the one queued after it, if any, have finished (tests). */
    settled: async () => {
      while (running) await running
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
