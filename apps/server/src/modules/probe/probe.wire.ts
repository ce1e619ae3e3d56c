import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/db'
import { createProbeRepository } from './probe.repository'
import { probeRoutes } from './probe.routes'
import { createProbeService } from './probe.service'

/** The usage probe: its service (flushed by the app's background loop and at close) and its routes. */
export const wireProbe = async (app: FastifyInstance, { db, clock }: { db: Db; clock: () => number }) => {
  const probe = createProbeService({ repository: createProbeRepository(db), clock })
  await app.register(probeRoutes, { probe })
  return probe
}
