import { recognizerConfig } from '../../plugins/recognizer-pack'
import { defineModule } from '../module'
import { assetsRoutes } from './assets.routes'
import { assetsServiceFromOptions, assetsStorage } from './assets.options'
import { createAssetsRepository } from './assets.repository'
import type { AssetsService } from './assets.service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Game art and recogniser data fetched at run time (`ASSETS`): `/config` announces them as they get ready. */
    assets: AssetsService
  }
}

/** The assets: built in the background from onReady on (the API answers at once), stopped at close. */
export const assetsModule = defineModule('assets', async (app, { options, clock, databaseReady }) => {
  const assets = assetsServiceFromOptions(options.assets, {
    repository: createAssetsRepository(assetsStorage(options.assets)),
    operatorPackUrl: recognizerConfig(options.recognizerPack ?? {}).recognizer.packUrl,
    // Called from onReady on: every module, the catalog too, is registered by then.
    referenceData: async () => {
      await databaseReady
      const { catalog } = app
      return { stages: await catalog.stageRecords(), dropInfos: await catalog.dropInfoList(), items: await catalog.itemList() }
    },
    clock,
    log: { info: (msg) => app.log.info(msg), warn: (msg) => app.log.warn(msg) },
  })
  app.decorate('assets', assets)
  await app.register(assetsRoutes, { assets })
  app.addHook('onReady', async () => assets.start())
  app.addHook('onClose', async () => assets.stop())
})
