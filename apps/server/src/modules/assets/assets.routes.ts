import { operation } from '../../lib/operation-doc'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { setNoStore } from '../../lib/http-cache'
import { AssetsStatusSchema } from './assets.schema'
import { ASSETS_PATH, type AssetsService } from './assets.service'

const tags = ['operations']
/** Built folders served under {@link ASSETS_PATH}; narrower than `/assets/*`, which is the web app's own build output. */
const SERVED = ['recognizer-pack', 'icons']

/**
 * `GET /api/_/assets` (the state of game art and recogniser data), `POST /api/_/assets/retry`, and the
 * built files as static files. Every served name carries the build key (`recognizer-pack/<key>/…`,
 * `icons/items.<key>.webp`), so they are cached for a year as immutable: a rebuild with new art has new names.
 */
export const assetsRoutes: FastifyPluginAsyncZod<{ assets: AssetsService }> = async (app, { assets }) => {
  app.get(
    '/api/_/assets',
    {
      schema: {
        ...operation({ operationId: 'getAssets', access: 'anonymous' }),
        tags,
        summary: 'Game art and recognizer resources: state and built URLs',
        response: { 200: AssetsStatusSchema },
      },
    },
    async (_req, reply) => {
      setNoStore(reply)
      return assets.status()
    },
  )
  app.post(
    '/api/_/assets/retry',
    {
      schema: {
        ...operation({ operationId: 'retryAssets', access: 'anonymous' }),
        tags,
        summary: 'Retry fetching and building now (when unavailable; at most once every 5 s)',
        response: { 202: AssetsStatusSchema },
      },
    },
    async (_req, reply) => {
      setNoStore(reply)
      return reply.code(202).send(assets.retry())
    },
  )
  const built = assets.builtFiles
  if (!built) return
  await built.ensureDirs(SERVED)
  for (const dir of SERVED) {
    await app.register(fastifyStatic, {
      root: join(built.root, dir),
      prefix: `${ASSETS_PATH}${dir}/`,
      decorateReply: false,
      index: false,
      wildcard: true,
      // pack.json.gz/.br and templates.bin.gz/.br beside the files go to clients that accept them.
      preCompressed: true,
      maxAge: '365d',
      immutable: true,
    })
  }
}
