import { deriveReference, type Reference } from '@dropwise/importer/derive'
import { deriveOperators } from '@dropwise/importer/operators'
import { loadRawOperators } from '@dropwise/importer/raw'
import { ACCEPTANCE_MINIMUMS, selfCheck } from '@dropwise/importer/self-check'
import type { DataSourceFile, SeedMatrixRow, SeedOperators, Server } from '@dropwise/schemas'
import { seedOperatorsSchema, SERVERS } from '@dropwise/schemas'
import { fetchSources, SourceRefusal, toReferenceRaw, type FetchDeps } from './game-data.sources'

/** What the sync compares and writes: the derivation without the baseline rows and the importer's statistics. */
export type SyncReference = Pick<Reference, 'items' | 'zones' | 'stages' | 'dropInfos' | 'formulas' | 'periods'> & {
  /** The operators and their costs (issue 39), derived with the importer's code from the toolbox's files. */
  operators: SeedOperators
}

export interface Derived {
  ref: SyncReference
  files: DataSourceFile[]
}

/** The importer's invariants over a derivation (the seed's self-check, with the sync's clock as "now"). */
const checkReference = (ref: Reference, now: number): string[] =>
  selfCheck(
    {
      ...ref,
      matrices: Object.fromEntries(SERVERS.map((s) => [s, { source: 'baseline', fetchedAt: 0, server: s, rows: ref.rows[s] }])) as never,
      notices: [],
      stats: { dropInfos: ref.dropInfoStats, closedEventRows: ref.closedEventRows, reshapedStages: {} as never, skippedReshapedStages: {} as never, unnamedPeriods: 0 },
    },
    { minCounts: ACCEPTANCE_MINIMUMS, referenceNowMs: now },
  )

/**
 * Fetch, parse and schema-check every source, derive with the importer's code over the baseline rows, and
 * run the importer's checks. Anything that makes the update unusable is a SourceRefusal with the reason.
 */
export const deriveFromSources = async (deps: FetchDeps, rows: Record<Server, SeedMatrixRow[]>, at: number): Promise<Derived> => {
  const fetched = await fetchSources(deps)
  let ref: Reference
  try {
    ref = deriveReference(toReferenceRaw(fetched.content, at), rows)
  } catch (err) {
    throw new SourceRefusal(`the derivation failed: ${(err as Error).message}`)
  }
  const problems = checkReference(ref, at)
  if (problems.length > 0) throw new SourceRefusal(`the importer's checks failed: ${problems.slice(0, 5).join('; ')}`)
  let operators: SeedOperators
  try {
    const derived = deriveOperators(await loadRawOperators(async <T>(rel: string) => fetched.content.get(rel) as T))
    const parsed = seedOperatorsSchema.safeParse(derived)
    if (!parsed.success) throw new Error(`${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`)
    operators = parsed.data
  } catch (err) {
    throw new SourceRefusal(`the operators' derivation failed: ${(err as Error).message}`)
  }
  // Only what the sync uses crosses back to the server's thread (copying the rest would block it for nothing).
  const { items, zones, stages, dropInfos, formulas, periods } = ref
  return { ref: { items, zones, stages, dropInfos, formulas, periods, operators }, files: fetched.files }
}
