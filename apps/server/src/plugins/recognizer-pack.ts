import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** Where a pack folder (`RECOGNIZER_PACK_DIR`) is served. */
export const RECOGNIZER_PACK_PATH = '/recognizer-pack/'

/** The operator's recognizer pack: a folder this server serves, or an address elsewhere. */
export interface RecognizerPackOptions {
  /** Folder with `pack.json` and `templates.bin` (tooling/recognizer-pack), served at {@link RECOGNIZER_PACK_PATH}. */
  dir?: string | undefined
  /** Address of a pack folder served elsewhere (absolute URL or a path on this host); wins over `dir`. */
  url?: string | undefined
}

/**
 * The `recognizer` field of `/config`: where the web app loads the pack from. Without a pack the
 * field says so (`packUrl: null`), and the recognition page explains that recognition is not available.
 */
export const recognizerConfig = (opts: RecognizerPackOptions): { recognizer: { packUrl: string | null } } => ({
  recognizer: { packUrl: opts.url ? opts.url : opts.dir ? RECOGNIZER_PACK_PATH : null },
})

/**
 * Serves a recognizer pack folder as static files. The pack is built from game resources by
 * `npm run recognizer:pack` and never committed, so the operator points `RECOGNIZER_PACK_DIR` at it.
 */
export const recognizerPackPlugin = fp(async (app: FastifyInstance, opts: { dir: string }) => {
  const root = resolve(opts.dir)
  if (!existsSync(join(root, 'pack.json'))) app.log.warn({ dir: root }, 'RECOGNIZER_PACK_DIR has no pack.json (yet): recognition will report the pack as missing')
  // preCompressed: `gzip -k pack.json` (or brotli) beside the files is sent to clients that accept it (1 MB → 70 KB).
  await app.register(fastifyStatic, { root, prefix: RECOGNIZER_PACK_PATH, decorateReply: false, index: false, maxAge: '1h', wildcard: true, preCompressed: true })
})
