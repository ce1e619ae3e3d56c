import { defineModule } from '../module'
import { createProbeRepository } from './probe.repository'
import { probeRoutes } from './probe.routes'
import { createProbeService, type ProbeService } from './probe.service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Usage counts (`flush` writes what is pending). */
    probe: ProbeService
  }
}

/** The usage probe: counted in memory, flushed every minute in a background process and at close. */
export const probeModule = defineModule('probe', async (app, { db, clock, onBackgroundStart }) => {
  const probe = createProbeService({ repository: createProbeRepository(db), clock })
  app.decorate('probe', probe)
  await app.register(probeRoutes, { probe })
  let flusher: NodeJS.Timeout | null = null
  onBackgroundStart(() => {
    flusher = setInterval(() => void probe.flush().catch((err: unknown) => app.log.warn({ err }, 'probe flush failed')), 60_000)
    flusher.unref()
  })
  app.addHook('onClose', async () => {
    if (flusher) clearInterval(flusher)
    await probe.flush().catch(() => {})
  })
})
