import { createOpsAuth } from '../../lib/ops-auth'
import { defineModule } from '../module'
import { upstreamRoutes } from './upstream.routes'
import { wireUpstream } from './upstream.wire'

/** A Penguin-compatible upstream's matrices as the baseline (issue 40; upstream.wire.ts builds it): its routes only when `UPSTREAM_API` is set. */
export const upstreamModule = defineModule(
  'upstream',
  async (app, { db, clock, version, options, background, databaseReady }) => {
    const upstreamOptions = { opsToken: options.ops?.token, ...options.upstream }
    await wireUpstream(app, { db, catalog: app.catalog, version, options: upstreamOptions, background, clock, databaseReady })
    const { upstream } = app
    if (upstream) await app.register(upstreamRoutes, { upstream, opsAuth: createOpsAuth(upstreamOptions.opsToken) })
  },
  ['catalog'],
)
