import { gatedPing } from '../../plugins/database-gate'
import { assetsHealth } from '../assets/assets.health'
import { defineModule } from '../module'
import { createHealthRepository } from './health.repository'
import { healthRoutes } from './health.routes'
import { createHealthService } from './health.service'

/** `GET /api/_/health` and `/api/_/bininfo`: the database (failing while the gate is closed), Redis, the game data, the upstream, the assets. */
export const healthModule = defineModule(
  'health',
  async (app, { db, redis, binInfo, options }) => {
    const { gameData, assets } = app
    const health = createHealthService({
      repository: gatedPing(options.databaseGate, createHealthRepository(db)),
      redis,
      data: gameData.health,
      upstream: async () => app.upstream?.status(),
      assets: () => assetsHealth(assets.status()),
    })
    await app.register(healthRoutes, { health, binInfo })
  },
  ['game-data', 'upstream', 'assets'],
)
