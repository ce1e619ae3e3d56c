import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/db'
import { V2_PREFIXES } from '../../plugins/compat'
import type { AccountsService } from '../accounts/accounts.service'
import type { IdentityGuard } from '../accounts/identity-guard'
import type { CatalogService } from '../catalog/catalog.service'
import type { HeldIntake } from '../reports/reports.service'
import { createHeldReportsRepository } from './held-reports.repository'
import { heldReportsRoutes } from './held-reports.routes'
import { createHeldReportsService, type HeldReportsService } from './held-reports.service'

/** How often held reports are checked against the data (release, 14-day rejection): one grouped query when nothing is held. */
export const HELD_CHECK_INTERVAL_MS = 60_000

export interface HeldReportsWiring {
  db: Db
  catalog: CatalogService
  accounts: AccountsService
  clock: () => number
  /** The identity guard of personal routes. */
  identityGuard: IdentityGuard
  /** Check on a timer (the server does; tests call `releaseHeld` and `rejectStale` themselves). */
  background?: boolean
  /** Woken after reports were released into the normal path. */
  aggregation: { nudge: () => void }
  checkIntervalMs?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    held: HeldReportsService
  }
}

/**
 * Held reports (issue #36 item 3): the service, its personal route under both v2 bases, a release after
 * every catalog reload (a new data version) and on a timer, and the 14-day rejection. Returns the intake
 * the reports service stores unknown-stage and unknown-item reports through.
 */
export const wireHeldReports = async (app: FastifyInstance, w: HeldReportsWiring): Promise<HeldIntake> => {
  const held = createHeldReportsService({
    repository: createHeldReportsRepository(w.db),
    catalog: w.catalog,
    accounts: w.accounts,
    clock: w.clock,
    onReleased: () => w.aggregation.nudge(),
  })
  for (const prefix of V2_PREFIXES) await app.register(heldReportsRoutes, { prefix, held, identityGuard: w.identityGuard })

  const check = async () => {
    await held.releaseHeld()
    await held.rejectStale()
  }
  const warn = (err: unknown) => app.log.warn({ err }, 'held reports check failed')
  // Checks in flight, awaited before the database closes.
  let checking: Promise<unknown> = Promise.resolve()
  const unsubscribe = w.catalog.onReload(() => void (checking = Promise.all([checking, held.releaseHeld().catch(warn)])))
  let timer: NodeJS.Timeout | null = null
  if (w.background) {
    timer = setInterval(() => void (checking = Promise.all([checking, check().catch(warn)])), w.checkIntervalMs ?? HELD_CHECK_INTERVAL_MS)
    timer.unref()
  }
  // preClose: before the app's onClose closes the database. Requests still in flight wait for their own commit.
  app.addHook('preClose', async () => {
    unsubscribe()
    if (timer) clearInterval(timer)
    await checking
    await held.drain()
  })
  app.decorate('held', held)
  return { hold: held.hold, recall: held.recall }
}
