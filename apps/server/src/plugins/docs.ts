import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { COMPATIBLE_VERSION } from './compat'
import { describeOperations, DOCS_TAGS, SECURITY_SCHEMES } from './docs-describe'
import { docsSecurityHeaders, setHeaders } from './security-headers'

/** The prefix every real client hard-codes; its routes are the `/api/v2` ones again, so the document lists them once. */
const MIRROR_PREFIX = '/PenguinStats/api/v2'

const DESCRIPTION = [
  'Wire-compatible with the Penguin Statistics v2 API (`frontend-v2`, MAA and ArkPlanner work unchanged).',
  '',
  `**Two prefixes, one API.** Every \`/api/v2/…\` operation below is also served, identically, under \`${MIRROR_PREFIX}/…\`, the`,
  'prefix the public clients hard-code (e.g. `GET /PenguinStats/api/v2/items`). The document lists each operation once,',
  `under \`/api/v2\`. Every v2 response carries \`X-Penguin-Compatible: ${COMPATIBLE_VERSION}\` and \`X-Penguin-Request-ID\`.`,
  '',
  '**Identity.** A player is known by a PenguinID: `Authorization: PenguinID <id>`, or, when there is no `Authorization`',
  'header at all, the `userID` cookie. Only the personal variants need one (they list the PenguinID schemes); a report',
  'without one creates an account and announces it in `X-Penguin-Set-PenguinID`.',
  '',
  '**Errors** are `{code, message, violations?}` (`ApiError`) with status 400 (a missing entity is 400 `NOT_FOUND`, never',
  '404), 429 `TOO_MANY_REQUESTS` with `Retry-After`, or 500 `INTERNAL_ERROR`.',
  '',
  'What Dropwise adds to the public contract (recognition batches, the planner, exports, short links) is described in',
  '`docs/api-extensions.md` of the repository. Drop data: Penguin Statistics (https://penguin-stats.io), CC BY-NC 4.0.',
].join('\n')

/** OpenAPI document and interactive docs at /api/docs, generated from the zod schemas the routes validate with. */
export const docsPlugin = fp(async (app: FastifyInstance, opts: { version: string }) => {
  await app.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, which is what zod emits (nullable types, const, …).
      openapi: '3.1.0',
      info: {
        title: 'Dropwise API v2',
        version: opts.version,
        description: DESCRIPTION,
        license: { name: 'Data: CC BY-NC 4.0', url: 'https://creativecommons.org/licenses/by-nc/4.0/' },
      },
      servers: [{ url: '/', description: 'this server' }],
      tags: DOCS_TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (input) => {
      // The mirror prefix repeats the /api/v2 operations (described once in the document's description).
      if (input.url.startsWith(`${MIRROR_PREFIX}/`)) return { schema: { hide: true }, url: input.url }
      return jsonSchemaTransform(input)
    },
    // Components: every zod schema with `.meta({ id })` (the refs the routes' schemas point at), then the
    // per-operation parts zod cannot know (operation ids, security, error answers, examples).
    transformObject: (input) => describeOperations(jsonSchemaTransformObject(input)),
  })
  // Swagger UI under a policy of its own (security-headers.ts): scripts and styles are its own files,
  // "Try it out" calls this server. Its JSON document gets the same headers, which do it no harm.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (_req, reply) => setHeaders(reply, docsSecurityHeaders()))
    await scope.register(swaggerUi, { routePrefix: '/api/docs' })
  })
})
