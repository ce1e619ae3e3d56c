import type { FastifyReply } from 'fastify'

const FIVE_MINUTES_MS = 5 * 60 * 1000

/**
 * Public cache headers for non-personal reads (api-v2.md §2.5); `builtAt` = when the data was rebuilt;
 * `etag`, when the body has one (the reference lists: the game-data version and a hash of the body).
 */
export const setPublicCache = (reply: FastifyReply, builtAt: number, etag?: string) => {
  const lastModified = Math.floor(builtAt / 1000) * 1000
  reply.header('Cache-Control', 'public, max-age=300')
  reply.header('Last-Modified', new Date(lastModified).toUTCString())
  reply.header('Expires', new Date(lastModified + FIVE_MINUTES_MS).toUTCString())
  if (etag) reply.header('ETag', etag)
}

/**
 * Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2): then the answer is 304.
 * `If-Modified-Since` is not honoured: `Last-Modified` is when this process built the body, which says
 * nothing of the game-data version another process or an earlier start served.
 */
export const etagMatches = (ifNoneMatch: string | undefined, etag: string) => {
  if (!ifNoneMatch) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const want = opaque(etag)
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === want)
}

export const setNoStore = (reply: FastifyReply) => {
  reply.header('Cache-Control', 'no-cache, no-store, must-revalidate')
  reply.header('Pragma', 'no-cache')
  reply.header('Expires', '0')
}

export const setPrivate = (reply: FastifyReply) => {
  reply.header('Cache-Control', 'private, no-store')
}

/** Sends an already serialised JSON body (the caches keep bodies as strings). */
export const sendJson = (reply: FastifyReply, body: string) => reply.type('application/json; charset=utf-8').send(body)
