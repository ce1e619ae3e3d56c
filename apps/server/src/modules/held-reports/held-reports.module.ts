import { defineModule, underV2 } from '../module'
import { createHeldReportsRepository } from './held-reports.repository'
import { heldReportsRoutes } from './held-reports.routes'
import { createHeldReportsService, type HeldReportsService } from './held-reports.service'

/** How often held reports are checked against the data (release, 14-day rejection): one grouped query when nothing is held. */
export const HELD_CHECK_INTERVAL_MS = 60_000

declare module 'fastify' {
  interface FastifyInstance {
    /** Held reports (tests call `releaseHeld` and `rejectStale` themselves); the reports module stores through `hold` and `recall`. */
    held: HeldReportsService
  }
}

/**
 * Held reports (issue #36 item 3): the service, its personal route under both v2 bases, a release after
 * every catalog reload (a new data version) and on a timer, and the 14-day rejection. The reports module
 * stores unknown-stage and unknown-item reports through `app.held` (`hold`, `recall`).
 */
export const heldReportsModule = defineModule(
  'held-reports',
  async (app, { db, clock, background }) => {
    const { catalog, aggregation } = app
    const held = createHeldReportsService({ repository: createHeldReportsRepository(db), catalog, accounts: app.accounts, clock, onReleased: () => aggregation.nudge() })
    app.decorate('held', held)
    // No data-version header on these answers (as before the modules; the exports routes set theirs themselves).
    await underV2(app, (v2) => v2.register(heldReportsRoutes, { held, identityGuard: app.identity.guard }))

    const check = async () => {
      await held.releaseHeld()
      await held.rejectStale()
    }
    const warn = (err: unknown) => app.log.warn({ err }, 'held reports check failed')
    // Checks in flight, awaited before the database closes.
    let checking: Promise<unknown> = Promise.resolve()
    const unsubscribe = catalog.onReload(() => void (checking = Promise.all([checking, held.releaseHeld().catch(warn)])))
    let timer: NodeJS.Timeout | null = null
    if (background) {
      timer = setInterval(() => void (checking = Promise.all([checking, check().catch(warn)])), HELD_CHECK_INTERVAL_MS)
      timer.unref()
    }
    // preClose: before the app's onClose closes the database. Requests still in flight wait for their own commit.
    app.addHook('preClose', async () => {
      unsubscribe()
      if (timer) clearInterval(timer)
      await checking
      await held.drain()
    })
  },
  ['catalog', 'accounts', 'aggregation'],
)
