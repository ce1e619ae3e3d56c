import type { Redis } from 'ioredis'
import { sql } from 'kysely'
import type { Db } from '../../db/db'

/** A stored response to replay for a repeated idempotency key (api-v2.md §7.5). */
export interface StoredResponse {
  status: number
  /** A header sent more than once (two `Set-Cookie`s) is a list. */
  headers: Record<string, string | string[]>
  body: string
}

/** A key and the answer it names, committed in the transaction of its report (`reports.repository.ts`). */
export interface IdempotencyRecord {
  key: string
  response: StoredResponse
  expiresAt: number
}

/**
 * Idempotency keys. The truth is the `idempotency_keys` table: a key is written in the transaction that
 * stores its report, and only there (so a crash between the commit and the answer leaves the key, and
 * a retry replays the first answer). Redis, when configured, is a cache of answers in front of it and
 * holds the in-flight marks that let a duplicate in another process wait for the first answer.
 * `acquire` marks a key in flight (false when another request holds the mark): a hint for duplicates
 * to wait, never a guarantee: the database keeps one report per key whatever the marks say.
 * `remember` caches a committed answer and drops the mark; `release` drops the mark (nothing stored).
 */
export interface IdempotencyStore {
  get(key: string, now: number): Promise<StoredResponse | null>
  acquire(key: string, now: number): Promise<boolean>
  remember(key: string, record: IdempotencyRecord, now: number): Promise<void>
  release(key: string): Promise<void>
}

/** How long a mark in Redis outlives a holder that died without dropping it (waiters give up sooner). */
const MARK_TTL_MS = 10_000

/** Marks of this process's requests in flight. */
const createLocalMarks = () => {
  const held = new Set<string>()
  return {
    take: (key: string) => (held.has(key) ? false : (held.add(key), true)),
    drop: (key: string) => void held.delete(key),
  }
}

/** The table's answer for `key`, with its expiry (Redis caches it until then). */
const readKey = async (db: Db, key: string, now: number) => {
  const row = await db.kysely
    .selectFrom('idempotency_keys')
    .select(['status', 'headers', 'body', 'expires_at'])
    .where('idem_key', '=', key)
    .where('status', '>', 0)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return row ? { response: { status: row.status, headers: row.headers as StoredResponse['headers'], body: row.body }, expiresAt: Number(row.expires_at) } : null
}

/**
 * Deletes keys whose lifetime ended, at most `batchSize` a statement, oldest first, until none is left
 * or `maxBatches` ran. `skip locked`: several processes purging at once share the work instead of
 * waiting for each other, and a key being written is left alone. Resolves with the rows deleted.
 */
export const purgeExpiredKeys = async (db: Db, now: number, opts: { batchSize: number; maxBatches: number; pause?: () => Promise<void> }) => {
  let deleted = 0
  for (let i = 0; i < opts.maxBatches; i++) {
    const result = await sql`
      delete from idempotency_keys where idem_key in (
        select idem_key from idempotency_keys where expires_at <= ${now} order by expires_at limit ${opts.batchSize} for update skip locked)`.execute(db.kysely)
    const n = Number(result.numAffectedRows ?? 0)
    deleted += n
    if (n < opts.batchSize) break
    await opts.pause?.()
  }
  return deleted
}

/** Without Redis: answers from the table, marks in this process only. */
export const createDbIdempotencyStore = (db: Db): IdempotencyStore => {
  const marks = createLocalMarks()
  return {
    get: async (key, now) => (await readKey(db, key, now))?.response ?? null,
    acquire: async (key) => marks.take(key),
    remember: async (key) => marks.drop(key),
    release: async (key) => marks.drop(key),
  }
}

/**
 * Redis in front of the table. A miss in Redis (a key saved while Redis was down, or forgotten by a
 * Redis restart without persistence) is looked up in the table before anything runs, and cached again.
 * Whenever Redis cannot answer (down, restarting, not yet connected) the table and this process's
 * marks do the work: Redis is never a single point of failure, nor the truth.
 */
export const createRedisIdempotencyStore = (db: Db, redis: Redis, opts: { prefix?: string; onFallback?: (err: unknown) => void }): IdempotencyStore => {
  const prefix = opts.prefix ?? 'dropwise:idem:'
  const marks = createLocalMarks()
  const ready = () => redis.status === 'ready'
  /** A Redis command whose failure only costs the cache: reported, never thrown. */
  const tryRedis = async <T>(run: () => Promise<T>): Promise<T | undefined> => {
    if (!ready()) return undefined
    try {
      return await run()
    } catch (err) {
      opts.onFallback?.(err)
      return undefined
    }
  }
  const cache = (key: string, record: { response: StoredResponse; expiresAt: number }, now: number) =>
    tryRedis(() => redis.set(`${prefix}r:${key}`, JSON.stringify(record.response), 'PX', Math.max(1, record.expiresAt - now)))

  return {
    async get(key, now) {
      const raw = await tryRedis(() => redis.get(`${prefix}r:${key}`))
      if (raw) return JSON.parse(raw) as StoredResponse
      const found = await readKey(db, key, now)
      if (!found) return null
      await cache(key, found, now)
      return found.response
    },
    async acquire(key) {
      if (!marks.take(key)) return false
      const taken = await tryRedis(() => redis.set(`${prefix}l:${key}`, '1', 'PX', MARK_TTL_MS, 'NX'))
      // null: another process holds the mark; undefined: Redis cannot answer, this process's mark stands.
      if (taken === null) marks.drop(key)
      return taken !== null
    },
    async remember(key, record, now) {
      marks.drop(key)
      await tryRedis(() =>
        redis
          .multi()
          .set(`${prefix}r:${key}`, JSON.stringify(record.response), 'PX', Math.max(1, record.expiresAt - now))
          .del(`${prefix}l:${key}`)
          .exec(),
      )
    },
    async release(key) {
      marks.drop(key)
      await tryRedis(() => redis.del(`${prefix}l:${key}`))
    },
  }
}
