import type { DataSourceFile, DataSyncUpstream, SeedMatrixRow, Server } from '@dropwise/schemas'
import { deriveFromSources, type SyncReference } from './game-data.derive'
import { planSync, type SyncPlan } from './game-data.plan'
import type { StoredReference } from './game-data.repository'
import type { FetchDeps } from './game-data.sources'
import { checkAgainstLast, countsOf, fetchUpstreamReference, type UpstreamAnswers, type UpstreamExtract } from './game-data.upstream'
import { extractUpstream, mergeUpstream } from './game-data.upstream-merge'

/** The upstream as a source (`UPSTREAM_API`): its base, and the contribution of its last good answers (stored). */
export interface UpstreamSourceDeps {
  url: string | null
  last: UpstreamExtract | null
}

/** What the sync took from the upstream: the status line, and a fresh contribution to store once the sync went through. */
export interface UpstreamUse {
  status: DataSyncUpstream | null
  extract: UpstreamExtract | null
}

/** A derivation compared with the stored data: what to write (or why not), and the files it came from. */
export interface Prepared {
  sync: SyncPlan
  files: DataSourceFile[]
  upstream: UpstreamUse
}

const NO_UPSTREAM: UpstreamUse = { status: null, extract: null }

/**
 * The local derivation with the upstream's contribution: this attempt's answers when they pass the checks,
 * else the last good contribution (a down or broken upstream neither blocks the sync nor closes what it
 * opened), else nothing. Without `UPSTREAM_API`, only the records it once added stay in the derivation.
 */
const withUpstream = async (
  upstream: UpstreamSourceDeps | undefined,
  answers: Promise<UpstreamAnswers> | null,
  ref: SyncReference,
  stored: StoredReference,
  at: number,
): Promise<{ ref: SyncReference; files: DataSourceFile[]; use: UpstreamUse }> => {
  const last = upstream?.last ?? null
  if (!upstream?.url || !answers) return { ref: last ? mergeUpstream(ref, last, { dropInfos: false }) : ref, files: [], use: NO_UPSTREAM }
  const url = upstream.url
  try {
    const got = await answers
    checkAgainstLast(countsOf(got), last?.url === url ? last.counts : null, ref.stages.length)
    const extract = extractUpstream(got, ref, stored, url, at)
    return {
      ref: mergeUpstream(ref, extract, { dropInfos: true }),
      files: extract.files,
      use: { status: { url, outcome: 'used', reason: null, fetchedAt: at }, extract },
    }
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    if (!last) return { ref, files: [], use: { status: { url, outcome: 'none', reason, fetchedAt: null }, extract: null } }
    return {
      ref: mergeUpstream(ref, last, { dropInfos: true }),
      files: last.files,
      use: { status: { url, outcome: 'last-good', reason, fetchedAt: last.fetchedAt }, extract: null },
    }
  }
}

/**
 * Derives (the upstream's answers are fetched meanwhile), adds the upstream's contribution, then compares
 * with the stored data (awaited only once the derivation is done): what the sync applies.
 */
export const prepareFromSources = async (
  deps: FetchDeps & { upstream?: UpstreamSourceDeps },
  rows: Record<Server, SeedMatrixRow[]>,
  at: number,
  stored: Promise<StoredReference>,
): Promise<Prepared> => {
  const answers = deps.upstream?.url ? fetchUpstreamReference(deps.fetch, deps.upstream.url) : null
  answers?.catch(() => {})
  const { ref, files } = await deriveFromSources(deps, rows, at)
  const before = await stored
  const merged = await withUpstream(deps.upstream, answers, ref, before, at)
  return { sync: planSync(merged.ref, before, at), files: [...files, ...merged.files], upstream: merged.use }
}
