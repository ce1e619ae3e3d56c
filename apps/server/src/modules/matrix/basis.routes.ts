import { operation } from '../../lib/operation-doc'
import { ApiErrorSchema, SampleBasisSchema, ServerSchema } from '@dropwise/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { MatrixService } from './matrix.service'

const BasisQuerySchema = z.object({
  server: ServerSchema.default('CN'),
  stageId: z.string().min(1).max(64).optional(),
})

/** `GET /basis` (docs/api-extensions.md §3g): the sample basis of a stage's numbers, by source. */
export const basisRoutes: FastifyPluginAsyncZod<{ matrix: MatrixService }> = async (app, { matrix }) => {
  app.get(
    '/basis',
    {
      schema: {
        ...operation({
          operationId: 'getSampleBasis',
          access: 'anonymous',
          description:
            'What the numbers of a stage (or, without `stageId`, of the server) are made of: runs imported from Penguin Statistics (category `all` only, no patterns), reports sent here since by category, and simulated demo reports (docs/api-extensions.md §3g). An unknown stage is 400 `NOT_FOUND`.',
        }),
        tags: ['results'],
        summary: 'What the numbers of a stage are made of: imported history, reports sent here by category, simulated reports',
        querystring: BasisQuerySchema,
        response: { 200: SampleBasisSchema, 400: ApiErrorSchema },
      },
    },
    async (req, reply) => {
      const basis = await matrix.basis(req.query.server, req.query.stageId ?? null)
      // Counts move with every report: a short shared cache, no validators.
      reply.header('Cache-Control', 'public, max-age=60')
      return basis
    },
  )
}
