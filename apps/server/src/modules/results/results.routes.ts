import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { ResultsService } from './results.service'

/** `/result/pattern`, `/result/trends`, `/result/advanced` and their `_private` twins. */
export const resultsRoutes: FastifyPluginAsyncZod<{ results: ResultsService }> = async () => {}
