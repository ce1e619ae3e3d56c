import { createOpsAuth } from '../../lib/ops-auth'
import { defineModule } from '../module'
import { gameDataRoutes } from './game-data.routes'
import { wireGameData } from './game-data.wire'

/**
 * The run-time game-data sync (issue 36; game-data.wire.ts builds it and its schedule). A new version moves the
 * answers that read the catalog, and the recognizer pack and the icon sheet follow (issue 36 item 4).
 */
export const gameDataModule = defineModule(
  'game-data',
  async (app, { db, clock, answers, options, background, databaseReady }) => {
    const { catalog, assets } = app
    const gameData = await wireGameData(app, { db, catalog, options: options.gameData ?? {}, background, clock, databaseReady })
    gameData.onGameDataVersion(() => assets.follow())
    gameData.onGameDataVersion(() => answers.bump())
    await app.register(gameDataRoutes, { gameData, opsAuth: createOpsAuth(options.gameData?.opsToken) })
  },
  ['catalog', 'assets'],
)
