import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void

const HOP_BY_HOP_UPGRADE = new Set(['upgrade', 'http2-settings'])

const isWebSocket = (req: IncomingMessage) => String(req.headers.upgrade ?? '').toLowerCase() === 'websocket'

/**
 * The request as HTTP/1.1 bytes without its upgrade offer: the request line, every header but `Upgrade`
 * and `HTTP2-Settings` (and those tokens in `Connection`), then what of the body had already arrived.
 */
export const withoutUpgrade = (req: IncomingMessage, head: Buffer): Buffer => {
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`]
  const raw = req.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string
    const value = raw[i + 1] as string
    const lower = name.toLowerCase()
    if (HOP_BY_HOP_UPGRADE.has(lower)) continue
    if (lower === 'connection') {
      const kept = value
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t && !HOP_BY_HOP_UPGRADE.has(t.toLowerCase()))
      if (kept.length > 0) lines.push(`${name}: ${kept.join(', ')}`)
      continue
    }
    lines.push(`${name}: ${value}`)
  }
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), head])
}

/**
 * Declines h2c (and any other non-websocket) upgrade offers by serving the request as plain HTTP/1.1,
 * which RFC 9113 §3.1 / RFC 7230 §6.7 allow. MAA posts through libcurl asking for HTTP/2, so on an
 * `http://` address its POSTs carry `Connection: Upgrade, HTTP2-Settings` and `Upgrade: h2c`. Node hands
 * such requests to the `upgrade` listeners (the usage probe's websocket) without reading their body, and the
 * report was lost. Here the request is put back in front of the socket's unread bytes without the offer, and
 * the socket goes through Node's HTTP/1.1 server again: the body is read and keep-alive goes on as usual.
 */
export const declineUpgradesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onReady', async () => {
    const server: Server = app.server
    const websocketListeners = server.listeners('upgrade') as UpgradeListener[]
    server.removeAllListeners('upgrade')
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (isWebSocket(req)) {
        for (const listener of websocketListeners) listener.call(server, req, socket, head)
        if (websocketListeners.length === 0) socket.destroy()
        return
      }
      socket.unshift(withoutUpgrade(req, head))
      server.emit('connection', socket)
    })
  })
})
