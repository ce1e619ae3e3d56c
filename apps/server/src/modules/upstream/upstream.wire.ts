import type { Health } from '@dropwise/schemas'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/db'
import type { DataVersion } from '../../lib/data-version'
import type { CatalogService } from '../catalog/catalog.service'
import { createUpstreamRepository } from './upstream.repository'
import { createUpstreamService, type UpstreamService } from './upstream.service'

/** `UPSTREAM_API` and `UPSTREAM_INTERVAL_S` (issue 40): a Penguin-compatible upstream's matrices as the baseline. */
export interface UpstreamOptions {
  /** The upstream's v2 base (`https://penguin-stats.io/PenguinStats/api/v2`); unset, the seed's baselines serve. */
  url?: string
  intervalS?: number
  /** A fetch to use instead of the global one (tests). */
  fetch?: typeof fetch
  opsToken?: string
}

export const DEFAULT_UPSTREAM_INTERVAL_S = 1800

/**
 * Builds the upstream service when `UPSTREAM_API` is set (upstream.module.ts registers its routes then). With `background`, the
 * process runs a round at start and every interval (unless another process on the database just did);
 * unset, it drops upstream baselines an earlier run left, so the seed's serve again. Returns what health shows.
 */
export const wireUpstream = async (
  app: FastifyInstance,
  deps: { db: Db; catalog: CatalogService; version: DataVersion; options?: UpstreamOptions; background: boolean; clock: () => number; databaseReady?: Promise<void> },
): Promise<{ health: () => Promise<Health['upstream']> }> => {
  const { db, catalog, version, options = {}, background, clock, databaseReady = Promise.resolve() } = deps
  const repository = createUpstreamRepository(db)
  let closed = false
  app.addHook('preClose', async () => {
    closed = true
  })
  const whenReady = (run: () => Promise<unknown>, what: string) =>
    app.addHook('onReady', async () => void databaseReady.then(() => (closed ? undefined : run())).catch((err: unknown) => app.log.error({ err }, what)))
  const { url } = options
  if (!url) {
    if (background) {
      whenReady(async () => {
        const moved = await repository.clear(clock())
        if (moved === null) return
        version.advance(moved)
        app.log.info('UPSTREAM_API is unset: the matrices stand on the seed’s baselines again')
      }, 'could not drop the upstream baselines')
    }
    return { health: async () => undefined }
  }
  const log = { info: (o: object, m: string) => app.log.info(o, m), warn: (o: object, m: string) => app.log.warn(o, m) }
  const upstream = createUpstreamService({ repository, catalog, version, url, fetch: options.fetch ?? fetch, clock, log })
  app.decorate('upstream', upstream)
  if (background) {
    whenReady(async () => upstream.start((options.intervalS ?? DEFAULT_UPSTREAM_INTERVAL_S) * 1000), 'the upstream did not start')
    app.addHook('onClose', async () => upstream.stop())
  }
  return { health: upstream.status }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The upstream (issue 40), when `UPSTREAM_API` is set: `upstream.sync()` runs a round now. */
    upstream?: UpstreamService
  }
}
