import type { SeedBundle } from './seed-files'
import type { SeedRepository } from './seed.repository'

/** The frontend config a fresh install serves (api-v2.md §6.6). */
export const DEFAULT_FRONTEND_CONFIG = {
  recognition: { 'items-resources': { prefix: { CN: 'v1', US: 'v1', JP: 'v1', KR: 'v1' } } },
  /** Where the web planner posts its plans (ArkPlanner-compatible, served by this server). */
  planner: { url: '/planner/plan' },
}

export type SeedOutcome = { loaded: false; contentHash: string } | { loaded: true; contentHash: string; durationMs: number }

/**
 * Loads the seed into the database when it is empty or holds an older seed, idempotently: the seed's
 * content hash is recorded, and a start with the same seed does nothing.
 */
export const createSeedService = ({ repository, clock }: { repository: SeedRepository; clock: () => number }) => ({
  async ensureSeeded(seed: SeedBundle, { force = false } = {}): Promise<SeedOutcome> {
    const started = clock()
    return repository.inLock(async (trx) => {
      const current = await repository.property(trx, 'seed.contentHash')
      if (!force && current === seed.manifest.contentHash) return { loaded: false, contentHash: seed.manifest.contentHash }
      await repository.writeReference(trx, seed)
      await repository.writeBaselines(trx, seed)
      await repository.writeOperators(trx, seed.operators)
      await repository.setPropertyIfAbsent(trx, 'frontend.config', DEFAULT_FRONTEND_CONFIG, clock())
      // When each server's imported matrix was fetched: advanced queries count a baseline only for
      // windows that cover it.
      await repository.setProperty(trx, 'baselines.fetchedAt', Object.fromEntries(seed.matrices.map((m) => [m.server, m.fetchedAt])), clock())
      await repository.setProperty(trx, 'seed.contentHash', seed.manifest.contentHash, clock())
      return { loaded: true, contentHash: seed.manifest.contentHash, durationMs: clock() - started }
    })
  },
})
export type SeedService = ReturnType<typeof createSeedService>
