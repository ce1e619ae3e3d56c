import { NO_END_MS, SERVERS, type Server, type UpstreamServerStatus, type UpstreamStatus } from '@dropwise/schemas'
import { currentPeriod } from '@dropwise/stats'
import type { DataVersion } from '../../lib/data-version'
import type { CatalogService } from '../catalog/catalog.service'
import { checkAgainst, parseAnswer, UpstreamRefusal, type UpstreamAnswer } from './upstream.answer'
import { fetchMatrix } from './upstream.fetch'
import type { StoredAttempts, StoredFetch, UpstreamRepository } from './upstream.repository'

export interface UpstreamServiceDeps {
  repository: UpstreamRepository
  catalog: CatalogService
  /** The aggregates' version: an applied answer moves it (in the database and here), so every matrix rebuilds. */
  version: DataVersion
  /** `UPSTREAM_API`: the v2 base, e.g. `https://penguin-stats.io/PenguinStats/api/v2`. */
  url: string
  fetch: typeof fetch
  clock: () => number
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }
}

/** What one attempt on one server did. */
export type UpstreamOutcome = { server: Server; outcome: 'applied' | 'unchanged' | 'refused' | 'failed'; reason: string | null }

type Attempt = Pick<UpstreamServerStatus, 'lastGoodAt' | 'failingSince' | 'reason'>
const NO_ATTEMPT: Attempt = { lastGoodAt: null, failingSince: null, reason: null }

/**
 * The status: per server the answer in effect (if it came from `url`) and the last attempts; summed up, the
 * oldest good answer, the earliest failure, every failing server's reason.
 */
export const summarise = (url: string, fetches: Partial<Record<Server, StoredFetch>>, attempts: StoredAttempts | null): UpstreamStatus => {
  const servers: UpstreamStatus['servers'] = {}
  for (const s of SERVERS) {
    const f = fetches[s]?.url === url ? fetches[s] : undefined
    const a = attempts?.url === url ? (attempts.servers[s] ?? NO_ATTEMPT) : NO_ATTEMPT
    servers[s] = { fetchedAt: f?.fetchedAt ?? null, pairs: f?.pairs ?? 0, unmatched: f?.unmatched ?? 0, unknown: f?.unknown ?? 0, ...a }
  }
  const all = SERVERS.map((s) => servers[s] as UpstreamServerStatus)
  const failing = all.filter((s) => s.failingSince !== null)
  return {
    url,
    lastGoodAt: all.some((s) => s.lastGoodAt === null) ? null : Math.min(...all.map((s) => s.lastGoodAt as number)),
    failingSince: failing.length === 0 ? null : Math.min(...failing.map((s) => s.failingSince as number)),
    reason: failing.length === 0 ? null : failing.map((s) => s.reason).join('; '),
    servers,
  }
}

/**
 * Follows a Penguin-compatible upstream (issue 40; apps/server/src/modules/upstream/README.md): every interval each
 * server's global matrix is fetched, checked (schema, sizes, no pair of the same period with fewer runs)
 * and, when it differs from the one in effect, made that server's baseline in one transaction. A refused
 * or unreachable answer changes nothing: the last good baseline stays and the status says since when and why.
 */
export const createUpstreamService = ({ repository, catalog, version, url, fetch: fetchFn, clock, log }: UpstreamServiceDeps) => {
  /** How the answer's pairs meet the local drop infos: pairs of another period, pairs the game data does not know. */
  const coverage = async (answer: UpstreamAnswer, now: number) => {
    let unmatched = 0
    let unknown = 0
    for (const r of answer.rows) {
      const ranges = (await catalog.dropInfos(answer.server, r.stageId))
        .filter((i) => i.itemId === r.itemId && i.dropType !== 'RECOGNITION_ONLY')
        .map((i) => ({ start: i.startAt, end: i.endAt >= NO_END_MS ? null : i.endAt, accumulable: i.accumulable }))
      const period = currentPeriod(ranges, now)
      if (!period) unknown++
      else if (period.start !== r.start) unmatched++
    }
    return { unmatched, unknown }
  }

  const attempt = async (server: Server): Promise<{ result: UpstreamOutcome; status: Partial<Attempt> }> => {
    const at = clock()
    try {
      const body = await fetchMatrix(fetchFn, url, server)
      const answer = parseAnswer(server, body)
      const stored = await repository.fetched(server)
      // A different upstream than the one in effect starts afresh: its numbers are not comparable.
      const sameUpstream = stored?.url === url
      if (sameUpstream && stored.sha256 === answer.sha256) {
        return { result: { server, outcome: 'unchanged', reason: null }, status: { lastGoodAt: at, failingSince: null, reason: null } }
      }
      checkAgainst(answer, sameUpstream ? await repository.previousRows(server) : new Map(), sameUpstream ? 0 : await repository.pairsInEffect(server))
      const { unmatched, unknown } = await coverage(answer, at)
      const record = { url, fetchedAt: at, sha256: answer.sha256, pairs: answer.rows.length, unmatched, unknown }
      const outcome = await repository.apply(server, answer.rows, record, stored?.sha256 ?? null, clock())
      if (!outcome.applied) return { result: { server, outcome: 'unchanged', reason: outcome.reason }, status: { lastGoodAt: at, failingSince: null, reason: null } }
      version.advance(outcome.version)
      log.info({ server, pairs: answer.rows.length, bytes: answer.bytes, unmatched, unknown, version: outcome.version }, 'upstream baseline applied')
      return { result: { server, outcome: 'applied', reason: null }, status: { lastGoodAt: at, failingSince: null, reason: null } }
    } catch (err) {
      const reason = (err as Error).message
      const refused = err instanceof UpstreamRefusal
      log.warn({ server, reason }, refused ? 'upstream answer refused' : 'upstream fetch failed')
      return { result: { server, outcome: refused ? 'refused' : 'failed', reason }, status: { reason } }
    }
  }

  const runOnce = async (): Promise<UpstreamOutcome[]> => {
    const results: UpstreamOutcome[] = []
    const previous = await repository.attempts()
    const servers: StoredAttempts['servers'] = previous?.url === url ? { ...previous.servers } : {}
    // One server after the other: a server's answer is parsed and compared while no other is held in memory.
    for (const server of SERVERS) {
      const { result, status } = await attempt(server)
      results.push(result)
      const before = servers[server] ?? NO_ATTEMPT
      const failed = result.outcome === 'refused' || result.outcome === 'failed'
      servers[server] = { ...before, ...status, ...(failed ? { failingSince: before.failingSince ?? clock() } : {}) }
    }
    await repository.setAttempts({ url, servers }, clock()).catch((err: unknown) => log.warn({ err }, 'could not record the upstream outcome'))
    return results
  }

  let running: Promise<UpstreamOutcome[]> | null = null
  let timer: NodeJS.Timeout | null = null
  const sync = () =>
    (running ??= runOnce().finally(() => {
      running = null
    }))

  return {
    /** One round over the four servers; a call while one runs waits for it. */
    sync,
    /** Health's `upstream`: what every process on the database reads (one applies, all follow). */
    status: async (): Promise<UpstreamStatus> => {
      const [fetches, attempts] = await Promise.all([repository.fetches(), repository.attempts()])
      return summarise(url, fetches, attempts)
    },
    /**
     * The scheduled round: runs unless another process on the database ran one in the last 90 % of
     * `intervalMs` (then this one only follows). Resolves to null when it did not run.
     */
    tick: async (intervalMs: number): Promise<UpstreamOutcome[] | null> => ((await repository.claimRound(clock(), intervalMs * 0.9)) ? sync() : null),
    /** Runs `tick` now and every `intervalMs`. */
    start(intervalMs: number) {
      const tick = () => void this.tick(intervalMs).catch((err: unknown) => log.warn({ err }, 'upstream round failed'))
      timer = setInterval(tick, intervalMs)
      timer.unref()
      tick()
    },
    stop: async () => {
      if (timer) clearInterval(timer)
      await running?.catch(() => {})
    },
  }
}
export type UpstreamService = ReturnType<typeof createUpstreamService>
