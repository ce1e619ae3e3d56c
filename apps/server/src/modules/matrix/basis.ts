import type { SampleBasis, Server } from '@dropwise/schemas'
import type { DataVersion } from '../../lib/data-version'
import { notFound } from '../../lib/errors'
import type { CatalogService } from '../catalog/catalog.service'
import type { MatrixRepository } from './matrix.repository'

/**
 * The sample basis of the numbers shown for a stage: the imported Penguin Statistics history counts in
 * category `all` only and has no patterns; `automated` and `manual` count reports sent here since;
 * simulated demo reports count in none of the three (issue #17).
 *
 * Kept per server and stage until the data version moves (the aggregation worker bumps it after each
 * batch it counts, as the matrix cache follows it): the whole server's basis sums every stage's
 * history and totals, 20-25 ms of CPU on the embedded database, and every item page asks for it twice
 * (its server render and the browser). Only known stages are kept, so the map is bounded by the catalog.
 */
export const createBasis = ({ repository, catalog, version }: { repository: MatrixRepository; catalog: CatalogService; version: DataVersion }) => {
  const cache = new Map<string, { version: number; answer: Promise<SampleBasis> }>()
  const compute = async (server: Server, stageId: string | null): Promise<SampleBasis> => {
    if (stageId !== null && !(await catalog.stageRecord(stageId))) throw notFound()
    const { imported, totals, fetchedAt, upstream } = await repository.basisCounts(server, stageId)
    const count = (category: string) => {
      const row = totals.find((t) => t.category === category)
      return { runs: Number(row?.times ?? 0), reports: Number(row?.reports ?? 0) }
    }
    const until = fetchedAt !== null && typeof fetchedAt === 'object' ? (fetchedAt as Record<string, unknown>)[server] : fetchedAt
    return {
      server,
      stageId,
      imported: { source: 'Penguin Statistics', runs: Number(imported), until: typeof until === 'number' ? until : null, upstream },
      reported: { automated: count('automated'), manual: count('manual') },
      simulated: count('demo'),
    }
  }
  return function basis(server: Server, stageId: string | null): Promise<SampleBasis> {
    const key = `${server}|${stageId ?? ''}`
    const now = version.get()
    const hit = cache.get(key)
    if (hit?.version === now) return hit.answer
    const answer = compute(server, stageId)
    cache.set(key, { version: now, answer })
    // A failure (an unknown stage, the database gone mid-query) is not kept: the next request asks again.
    answer.catch(() => {
      if (cache.get(key)?.answer === answer) cache.delete(key)
    })
    return answer
  }
}
