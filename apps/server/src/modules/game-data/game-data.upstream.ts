import { createHash } from 'node:crypto'
import type { RawPenguinItem, RawPenguinStage, RawPenguinZone } from '@dropwise/importer/raw'
import { SERVERS, type DataSourceFile, type SeedDropInfo, type SeedItem, type SeedStage, type SeedZone, type Server } from '@dropwise/schemas'
import { PENGUIN_ANSWER_SCHEMAS } from './game-data.raw-schema'

/**
 * The upstream's reference answers as one more game-data source (issue 40; docs/api-extensions.md §3j, §3m):
 * `UPSTREAM_API`'s `/stages?server=X` (every server), `/zones` and `/items`, fetched and verified here; what
 * they add to the derivation is game-data.upstream-merge.ts. A failure never stops a sync: the sync goes on
 * with the last good answers' contribution (or none), and its status says why.
 */

const FETCH_TIMEOUT_MS = 60_000
/** Penguin's `/stages` is ~1.2 MB: a bigger body than this is refused unread. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024
/** An answer with fewer records is not Penguin's whole list (2024-10: 1255 stages, 129 zones, 142 items). */
export const MIN_UPSTREAM_RECORDS = { stages: 200, zones: 20, items: 50 } as const
/** The next answer must hold this share of the last good one's records, and of the stages it had open per server. */
export const MIN_UPSTREAM_SHARE = 0.9
export const MIN_OPEN_SHARE = 0.5
/** A first answer must name at least this share of the stages the local sources know (a fragment is not an answer). */
export const FIRST_UPSTREAM_SHARE = 0.5
/** No drop in the game comes in more than this many per run. */
const MAX_BOUND = 1000
const DROP_TYPES = new Set(['NORMAL_DROP', 'SPECIAL_DROP', 'EXTRA_DROP', 'FURNITURE'])

/** An upstream answer the sync does not use (unreachable, garbage, a cut list); the reason is shown. */
export class UpstreamSourceError extends Error {}

/** The verified answers. */
export interface UpstreamAnswers {
  stages: Record<Server, RawPenguinStage[]>
  zones: RawPenguinZone[]
  items: RawPenguinItem[]
  files: DataSourceFile[]
}

/** What an answer held, kept with its contribution: the next answer is compared with it. */
export interface UpstreamCounts {
  stages: number
  zones: number
  items: number
  /** Stages with drop infos (open now) per server. */
  open: Record<Server, number>
}

/**
 * What the upstream adds to the local derivation: records (stages, their zones, the items their drop infos
 * name) the local sources do not know, and the drop infos of the (server, stage) groups the local sources
 * give none. Kept in the database after each sync that used it: while the upstream is down or answers
 * garbage, the sync uses the last good contribution, so what it added neither closes nor changes.
 */
export interface UpstreamExtract {
  url: string
  fetchedAt: number
  counts: UpstreamCounts
  files: DataSourceFile[]
  items: SeedItem[]
  zones: SeedZone[]
  stages: SeedStage[]
  dropInfos: SeedDropInfo[]
}

/** A kept-alive connection the upstream closed as it was reused (UND_ERR_SOCKET, ECONNRESET) is tried once more after this. */
const RETRY_DELAY_MS = 500

const get = async (fetchFn: typeof fetch, url: string, retried = false): Promise<Buffer> => {
  let res: Response
  try {
    res = await fetchFn(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow', headers: { accept: 'application/json' } })
  } catch (err) {
    const e = err as { name?: string; message?: string; cause?: { code?: string } }
    if (!retried && (e.cause?.code === 'UND_ERR_SOCKET' || e.cause?.code === 'ECONNRESET')) {
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS))
      return get(fetchFn, url, true)
    }
    throw new UpstreamSourceError(`could not reach ${url}: ${e.name === 'TimeoutError' ? 'no answer in time' : (e.cause?.code ?? e.message ?? String(err))}`)
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {})
    throw new UpstreamSourceError(`${url} answered ${res.status}`)
  }
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.length
      if (total > MAX_ANSWER_BYTES) throw new UpstreamSourceError(`${url} sent more than ${MAX_ANSWER_BYTES} bytes`)
      chunks.push(chunk)
    }
  } catch (err) {
    if (err instanceof UpstreamSourceError) throw err
    throw new UpstreamSourceError(`${url} broke off after ${total} bytes: ${(err as Error).message}`)
  }
  return Buffer.concat(chunks)
}

const parse = <K extends keyof typeof PENGUIN_ANSWER_SCHEMAS>(kind: K, url: string, body: Buffer) => {
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch (err) {
    throw new UpstreamSourceError(`${url} is not valid JSON (${body.length} bytes; truncated?): ${(err as Error).message}`)
  }
  const parsed = PENGUIN_ANSWER_SCHEMAS[kind].safeParse(value)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    throw new UpstreamSourceError(`${url} does not match Penguin's ${kind} at ${first?.path.map(String).join('.') || '(root)'}: ${first?.message}`)
  }
  const list = value as { length: number }[]
  if (list.length < MIN_UPSTREAM_RECORDS[kind]) throw new UpstreamSourceError(`${url} holds ${list.length} ${kind}, fewer than ${MIN_UPSTREAM_RECORDS[kind]}`)
  return value
}

const unique = <T>(list: readonly T[], key: (t: T) => string, what: string) => {
  const seen = new Set<string>()
  for (const t of list) {
    const k = key(t)
    if (seen.has(k)) throw new UpstreamSourceError(`${what}: ${k} appears twice`)
    seen.add(k)
  }
  return seen
}

/** Ids, references and bounds: an answer that contradicts itself is not used. */
const checkConsistent = (a: Omit<UpstreamAnswers, 'files'>) => {
  const zones = unique(a.zones, (z) => z.zoneId, 'zones')
  const items = unique(a.items, (i) => i.itemId, 'items')
  for (const server of SERVERS) {
    const stages = a.stages[server]
    unique(stages, (s) => s.stageId, `stages of ${server}`)
    for (const s of stages) {
      if (!zones.has(s.zoneId)) throw new UpstreamSourceError(`stages of ${server}: ${s.stageId} is in zone ${s.zoneId}, which /zones does not list`)
      for (const d of s.dropInfos ?? []) {
        const where = `stages of ${server}: ${s.stageId} ${d.itemId ?? d.dropType}`
        if (!DROP_TYPES.has(d.dropType)) throw new UpstreamSourceError(`${where}: unknown drop type ${d.dropType}`)
        if (d.itemId !== undefined && !items.has(d.itemId)) throw new UpstreamSourceError(`${where}: the item is not in /items`)
        const { lower, upper } = d.bounds
        if (!Number.isInteger(lower) || !Number.isInteger(upper) || lower < 0 || upper < lower || upper > MAX_BOUND) {
          throw new UpstreamSourceError(`${where}: bounds ${lower}..${upper} are not plausible`)
        }
      }
    }
  }
}

export const countsOf = (a: Omit<UpstreamAnswers, 'files'>): UpstreamCounts => ({
  stages: Math.max(...SERVERS.map((s) => a.stages[s].length)),
  zones: a.zones.length,
  items: a.items.length,
  open: Object.fromEntries(SERVERS.map((s) => [s, a.stages[s].filter((st) => (st.dropInfos?.length ?? 0) > 0).length])) as Record<Server, number>,
})

/**
 * Nothing vanishing wholesale: against the last good answer of the same upstream (its records, and per server
 * the stages it had open), else against the stages the local sources know.
 */
export const checkAgainstLast = (now: UpstreamCounts, last: UpstreamCounts | null, localStages: number) => {
  if (!last) {
    if (now.stages < localStages * FIRST_UPSTREAM_SHARE) {
      throw new UpstreamSourceError(`the answer names ${now.stages} stages, the local sources ${localStages}: fewer than ${FIRST_UPSTREAM_SHARE * 100} %`)
    }
    return
  }
  for (const kind of ['stages', 'zones', 'items'] as const) {
    if (now[kind] < last[kind] * MIN_UPSTREAM_SHARE) {
      throw new UpstreamSourceError(`the answer holds ${now[kind]} ${kind}, the last good one ${last[kind]}: fewer than ${MIN_UPSTREAM_SHARE * 100} %`)
    }
  }
  for (const server of SERVERS) {
    if (now.open[server] < last.open[server] * MIN_OPEN_SHARE) {
      throw new UpstreamSourceError(`${server}: ${now.open[server]} stages are open, ${last.open[server]} in the last good answer: fewer than ${MIN_OPEN_SHARE * 100} %`)
    }
  }
}

/** Fetches the six answers at once (a few MB in all), parses and checks them. */
export const fetchUpstreamReference = async (fetchFn: typeof fetch, base: string): Promise<UpstreamAnswers> => {
  const root = base.replace(/\/+$/, '')
  const files: DataSourceFile[] = []
  const read = async <K extends keyof typeof PENGUIN_ANSWER_SCHEMAS>(kind: K, path: string) => {
    const url = `${root}/${path}`
    const body = await get(fetchFn, url)
    const value = parse(kind, url, body)
    files.push({ repo: 'upstream', ref: root, commit: null, path, sha256: createHash('sha256').update(body).digest('hex'), bytes: body.length })
    return value
  }
  // At once: no connection idles (and is closed by the upstream's keep-alive) while the derivation holds the thread.
  const [lists, zones, items] = await Promise.all([
    Promise.all(SERVERS.map((server) => read('stages', `stages?server=${server}`) as Promise<RawPenguinStage[]>)),
    read('zones', 'zones') as Promise<RawPenguinZone[]>,
    read('items', 'items') as Promise<RawPenguinItem[]>,
  ])
  const stages = Object.fromEntries(SERVERS.map((s, i) => [s, lists[i] ?? []])) as Record<Server, RawPenguinStage[]>
  const answers = { stages, zones, items }
  checkConsistent(answers)
  files.sort((a, b) => (a.path < b.path ? -1 : 1))
  return { ...answers, files }
}
