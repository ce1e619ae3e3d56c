import { join } from 'node:path'
import { DEFAULT_ASSET_MANIFEST } from '@dropwise/recognizer-pack/assets'
import type { AssetsRepository, AssetsRepositoryOptions } from './assets.repository'
import { createAssetsService, type AssetsServiceDeps } from './assets.service'
import { runBuildInWorker, type BuildRunner } from './build-worker'

/** Default `ASSETS_BASE_URL`: GitHub's raw file host, `<owner>/<repo>/<commit>/<path>`. */
export const DEFAULT_ASSETS_BASE_URL = 'https://raw.githubusercontent.com'

/** The app's `assets` option (`ASSETS`, `ASSETS_DIR`, `ASSETS_BASE_URL`, `DATA_DIR`). */
export interface AssetsOptions {
  /** `false` = `ASSETS=off`. Default true. */
  enabled?: boolean
  /** `DATA_DIR`: downloads and built files go to `<dataDir>/assets`. */
  dataDir: string
  /** `ASSETS_DIR`: pinned files already on disk (`<owner>/<repo>/<commit>/<path>`), verified, never downloaded. */
  sourceDir?: string | undefined
  /** `ASSETS_BASE_URL` (default {@link DEFAULT_ASSETS_BASE_URL}). */
  baseUrl?: string | undefined
  /** Default: the repository's `data/assets/manifest.json`. */
  manifestPath?: string
  retryDelaysMs?: readonly number[]
  /** After a build in which MaaResource had no template for a wanted item (default 1 h). */
  headRecheckMs?: number
  minRetryIntervalMs?: number
  fetch?: typeof fetch
  runBuild?: BuildRunner
}

/** Where the app's `assets` option keeps its files: downloads and builds in `<DATA_DIR>/assets`, `ASSETS_DIR` read only. */
export const assetsStorage = (options: AssetsOptions | undefined): AssetsRepositoryOptions => ({
  cacheDir: join(options?.dataDir ?? '.', 'assets'),
  sourceDir: options?.sourceDir,
})

/** The service for the app's `assets` option; without one the service is `off` and touches nothing. */
export const assetsServiceFromOptions = (
  options: AssetsOptions | undefined,
  ctx: {
    repository: AssetsRepository
    operatorPackUrl: string | null
    referenceData: AssetsServiceDeps['referenceData']
    clock: () => number
    log: AssetsServiceDeps['log']
  },
) =>
  createAssetsService({
    enabled: options !== undefined && options.enabled !== false,
    repository: ctx.repository,
    manifestPath: options?.manifestPath ?? DEFAULT_ASSET_MANIFEST,
    baseUrl: options?.baseUrl ?? DEFAULT_ASSETS_BASE_URL,
    localOnly: options?.sourceDir !== undefined,
    referenceData: ctx.referenceData,
    operatorPackUrl: ctx.operatorPackUrl,
    fetch: options?.fetch ?? fetch,
    runBuild: options?.runBuild ?? runBuildInWorker,
    clock: ctx.clock,
    log: ctx.log,
    ...(options?.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    ...(options?.minRetryIntervalMs !== undefined ? { minRetryIntervalMs: options.minRetryIntervalMs } : {}),
    ...(options?.headRecheckMs !== undefined ? { headRecheckMs: options.headRecheckMs } : {}),
  })
