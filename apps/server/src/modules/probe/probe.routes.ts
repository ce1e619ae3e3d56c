import { operation } from '../../lib/operation-doc'
import websocket from '@fastify/websocket'
import { decodeProbeMessage, encodeProbeAck } from '@dropwise/schemas/probe'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ProbeService } from './probe.service'

const MAX_MESSAGE_BYTES = 16 * 1024

/**
 * The usage probe (spec 000: websocket, protobuf messages, one length-delimited ack per message) at
 * `/api/probe`, and the aggregated counts for the operator at `/api/_/probe`. A client that sends
 * `DNT: 1` is acknowledged but not counted.
 */
export const probeRoutes: FastifyPluginAsyncZod<{ probe: ProbeService }> = async (app, { probe }) => {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } })
  app.get('/api/probe', { websocket: true, schema: { hide: true } }, (socket, req) => {
    const counted = req.headers.dnt !== '1'
    if (counted) probe.connected()
    socket.binaryType = 'nodebuffer'
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const event = isBinary ? decodeProbeMessage(new Uint8Array(data)) : ({ type: 'UNKNOWN' } as const)
      if (counted) probe.record(event)
      socket.send(encodeProbeAck(event.type === 'UNKNOWN' ? 'UNKNOWN' : event.type, event.type === 'UNKNOWN' ? 'unrecognised message' : 'ok'))
    })
  })
  app.get(
    '/api/_/probe',
    {
      schema: {
        ...operation({ operationId: 'getProbeCounts', access: 'anonymous' }),
        tags: ['operations'],
        summary: 'Aggregated usage counts from the probe',
        response: {
          200: z.object({
            since: z.number(),
            connections: z.number(),
            messages: z.record(z.string(), z.number()),
            languages: z.record(z.string(), z.number()),
            paths: z.record(z.string(), z.number()),
            searchResults: z.record(z.string(), z.number()),
            advancedQueryStages: z.record(z.string(), z.number()),
          }),
        },
      },
    },
    async () => probe.counts(),
  )
}
