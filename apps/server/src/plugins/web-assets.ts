import { readFile, stat } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { acceptedCodings } from '../lib/content-encoding'

/**
 * The build's hashed files (`/assets/<name>-<hash>.<ext>`: scripts, styles, the solver's WebAssembly),
 * served from memory. A stats page asks for 40-50 of them; through @fastify/static each cost 2.5-3.4 ms of
 * server CPU (it lists the folder to check the path's spelling, then streams the file), on the two cores a
 * phone-sized Lighthouse run shares with Chromium. Here a request costs a `stat` and a lookup.
 *
 * The answer is what @fastify/static sent (same type, caching, encodings from the `.br`/`.gz` the build
 * writes, weak validators), without byte ranges, which no script or style request uses. Every request
 * checks the file's size and time, so a rebuild or a removed file is never answered from memory. A file
 * of another type goes through @fastify/static (`reply.sendFile`); a missing file or a name that is not a
 * plain file name gets the app's not-found answer, as @fastify/static gave it.
 */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
}
/** A plain file name: letters, digits, `_`, `-` and single dots between them (no `..`, no `/`, no leading dot). */
const FILE_NAME = /^[\w-]+(?:\.[\w-]+)+$/
const MAX_AGE_S = 3600
/** Past this many bytes held, the memory is emptied (a server outliving many rebuilds). */
const MAX_BYTES = 64 * 1024 * 1024

/**
 * The encodings a request accepts, best first, each with the suffix of its stored copy: brotli, gzip,
 * then the file itself (`[null, '']`, always last). The build writes `.br`/`.gz` beside each text file.
 */
export const encodingsOf = (req: FastifyRequest): readonly (readonly ['br' | 'gzip' | null, string])[] => [
  ...acceptedCodings(req.headers['accept-encoding'], ['br', 'gzip']).map((c) => [c, c === 'br' ? '.br' : '.gz'] as const),
  [null, ''] as const,
]

interface Variant {
  body: Buffer
  etag: string
}
interface Entry {
  mtimeMs: number
  size: number
  lastModified: string
  /** By file suffix: '' (the file itself), '.br', '.gz'; null: the build wrote no such copy. */
  variants: Map<string, Variant | null>
}

export interface HashedAssets {
  /** Answers `GET /assets/<name>`. */
  send: (req: FastifyRequest, reply: FastifyReply, name: string) => Promise<unknown>
}

export const createHashedAssets = (dir: string, setHeaders: (req: FastifyRequest, reply: FastifyReply) => void): HashedAssets => {
  const entries = new Map<string, Entry>()
  let held = 0
  const forget = (name: string) => {
    const e = entries.get(name)
    if (!e) return
    for (const v of e.variants.values()) held -= v?.body.length ?? 0
    entries.delete(name)
  }
  const variant = async (name: string, e: Entry, suffix: string): Promise<Variant | null> => {
    if (e.variants.has(suffix)) return e.variants.get(suffix) ?? null
    const body = await readFile(join(dir, name + suffix)).catch(() => null)
    // Two first requests at once: the copy the other one read is kept (and counted once).
    if (e.variants.has(suffix)) return e.variants.get(suffix) ?? null
    // The weak validator @fastify/send makes (size and time, in hex), of this copy's size.
    const v = body ? { body, etag: `W/"${body.length.toString(16)}-${Math.floor(e.mtimeMs).toString(16)}"` } : null
    e.variants.set(suffix, v)
    // An entry a rebuild replaced meanwhile answers this request only and is not counted.
    if (entries.get(name) === e) held += body?.length ?? 0
    if (held > MAX_BYTES) {
      for (const n of [...entries.keys()]) if (n !== name) forget(n)
    }
    return v
  }

  return {
    send: async (req, reply, name) => {
      if (!FILE_NAME.test(name)) return reply.callNotFound()
      const type = TYPES[extname(name)]
      if (!type) return reply.sendFile(name, dir)
      const info = await stat(join(dir, name)).catch(() => null)
      if (!info?.isFile()) {
        forget(name)
        return reply.callNotFound()
      }
      let e = entries.get(name)
      if (!e || e.mtimeMs !== info.mtimeMs || e.size !== info.size) {
        forget(name)
        e = { mtimeMs: info.mtimeMs, size: info.size, lastModified: info.mtime.toUTCString(), variants: new Map() }
        entries.set(name, e)
      }
      let chosen: { encoding: string | null; v: Variant } | null = null
      for (const [encoding, suffix] of encodingsOf(req)) {
        const v = await variant(name, e, suffix)
        if (v) {
          chosen = { encoding, v }
          break
        }
      }
      if (!chosen) return reply.callNotFound()
      setHeaders(req, reply)
      const vary = reply.getHeader('vary')
      reply
        .header('Vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
        .header('Cache-Control', `public, max-age=${MAX_AGE_S}`)
        .header('Last-Modified', e.lastModified)
        .header('ETag', chosen.v.etag)
      const since = req.headers['if-modified-since']
      const unchanged =
        req.headers['if-none-match'] !== undefined
          ? req.headers['if-none-match'].split(',').some((t) => t.trim() === chosen.v.etag)
          : since !== undefined && Date.parse(since) >= Math.floor(e.mtimeMs / 1000) * 1000
      if (unchanged) return reply.code(304).send()
      if (chosen.encoding) reply.header('Content-Encoding', chosen.encoding)
      return reply.type(type).send(chosen.v.body)
    },
  }
}
