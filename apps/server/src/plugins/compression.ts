import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { acceptsGzip } from '../lib/content-encoding'

const gzipAsync = promisify(gzip)
const MIN_BYTES = 8 * 1024
const CACHE_ENTRIES = 64

/**
 * Sends large public JSON answers gzipped to clients that accept it. The services cache their bodies
 * as strings, so the compressed form is cached too, keyed by the very string: each body is compressed
 * once per rebuild, not once per request. Answers that already carry a Content-Encoding (the matrix
 * keeps its own gzip) and private answers are left alone.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  const cache = new Map<string, Buffer>()
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' || typeof payload !== 'string' || payload.length < MIN_BYTES) return payload
    if (reply.getHeader('content-encoding') || !acceptsGzip(req.headers['accept-encoding'])) return payload
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload
    if (String(reply.getHeader('cache-control') ?? '').includes('private')) return payload
    let compressed = cache.get(payload)
    if (!compressed) {
      compressed = await gzipAsync(payload, { level: 6 })
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string)
      cache.set(payload, compressed)
    }
    reply.header('Content-Encoding', 'gzip')
    reply.header('Vary', 'Accept-Encoding, Origin')
    reply.removeHeader('content-length')
    return compressed
  })
})
