import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { docsSecurityHeaders, setHeaders } from './security-headers'

/** OpenAPI document and interactive docs at /api/docs, generated from the zod schemas the routes validate with. */
export const docsPlugin = fp(async (app: FastifyInstance, opts: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Dropwise API v2',
        version: opts.version,
        description:
          'Wire-compatible with the Penguin Statistics v2 API. Every route is also served under /PenguinStats/api/v2. ' +
          'Drop data: Penguin Statistics (https://penguin-stats.io), CC BY-NC 4.0.',
        license: { name: 'Data: CC BY-NC 4.0', url: 'https://creativecommons.org/licenses/by-nc/4.0/' },
      },
      servers: [{ url: '/' }],
    },
    transform: (input) => {
      if (input.url.startsWith('/PenguinStats/')) return { schema: { ...input.schema, hide: true }, url: input.url }
      return jsonSchemaTransform(input)
    },
  })
  // Swagger UI under a policy of its own (security-headers.ts): scripts and styles are its own files,
  // "Try it out" calls this server. Its JSON document gets the same headers, which do it no harm.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (_req, reply) => setHeaders(reply, docsSecurityHeaders()))
    await scope.register(swaggerUi, { routePrefix: '/api/docs' })
  })
})
