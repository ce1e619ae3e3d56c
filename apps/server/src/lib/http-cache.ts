import type { FastifyReply } from 'fastify'

const FIVE_MINUTES_MS = 5 * 60 * 1000

/** Public cache headers for non-personal reads (api-v2.md §2.5); `builtAt` = when the data was rebuilt. */
export const setPublicCache = (reply: FastifyReply, builtAt: number) => {
  const lastModified = Math.floor(builtAt / 1000) * 1000
  reply.header('Cache-Control', 'public, max-age=300')
  reply.header('Last-Modified', new Date(lastModified).toUTCString())
  reply.header('Expires', new Date(lastModified + FIVE_MINUTES_MS).toUTCString())
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
