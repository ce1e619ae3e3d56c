import type { Redis } from 'ioredis'
import { sql } from 'kysely'
import type { Db } from '../../db/db'

/** A stored response to replay for a repeated idempotency key (api-v2.md §7.5). */
export interface StoredResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * Where idempotency keys live: Redis when several processes share it, else the database.
 * `acquire` takes the key's lock (false when another request holds it); `save` stores the response
 * for `ttlMs` and releases the lock; `release` drops the lock without storing (error responses).
 */
export interface IdempotencyStore {
  get(key: string, now: number): Promise<StoredResponse | null>
  acquire(key: string, now: number): Promise<boolean>
  save(key: string, response: StoredResponse, now: number, ttlMs: number): Promise<void>
  release(key: string): Promise<void>
}

// A lock left by a crashed request expires after this long.
const LOCK_TTL_MS = 10_000

export const createDbIdempotencyStore = (db: Db): IdempotencyStore => ({
  async get(key, now) {
    const row = await db.kysely
      .selectFrom('idempotency_keys')
      .select(['status', 'headers', 'body'])
      .where('idem_key', '=', key)
      .where('status', '>', 0)
      .where('expires_at', '>', now)
      .executeTakeFirst()
    return row ? { status: row.status, headers: row.headers as Record<string, string>, body: row.body } : null
  },
  async acquire(key, now) {
    // status 0 = locked by a request in flight; an expired row (lock or stored answer) may be taken over.
    const taken = await sql<{ idem_key: string }>`
      insert into idempotency_keys (idem_key, status, headers, body, expires_at)
      values (${key}, 0, '{}'::jsonb, '', ${now + LOCK_TTL_MS})
      on conflict (idem_key) do update set status = 0, headers = '{}'::jsonb, body = '', expires_at = excluded.expires_at
        where idempotency_keys.expires_at <= ${now}
      returning idem_key`.execute(db.kysely)
    return taken.rows.length > 0
  },
  async save(key, response, now, ttlMs) {
    // An upsert: the lock may have been taken in Redis before it became unreachable.
    await sql`
      insert into idempotency_keys (idem_key, status, headers, body, expires_at)
      values (${key}, ${response.status}, ${JSON.stringify(response.headers)}::jsonb, ${response.body}, ${now + ttlMs})
      on conflict (idem_key) do update set status = excluded.status, headers = excluded.headers, body = excluded.body,
        expires_at = excluded.expires_at`.execute(db.kysely)
  },
  async release(key) {
    await db.kysely.deleteFrom('idempotency_keys').where('idem_key', '=', key).where('status', '=', 0).execute()
  },
})

const createRedisStore = (redis: Redis, prefix: string): IdempotencyStore => ({
  async get(key) {
    const raw = await redis.get(`${prefix}r:${key}`)
    return raw ? (JSON.parse(raw) as StoredResponse) : null
  },
  async acquire(key) {
    return (await redis.set(`${prefix}l:${key}`, '1', 'PX', LOCK_TTL_MS, 'NX')) === 'OK'
  },
  async save(key, response, _now, ttlMs) {
    await redis.multi().set(`${prefix}r:${key}`, JSON.stringify(response), 'PX', ttlMs).del(`${prefix}l:${key}`).exec()
  },
  async release(key) {
    await redis.del(`${prefix}l:${key}`)
  },
})

/**
 * Redis first, the database whenever Redis cannot answer (down, restarting, not yet connected): Redis is an
 * accelerator, never a single point of failure. Keys saved in the database during an outage stay
 * replayable after Redis returns: while this process has fallen back within the keys' lifetime, a miss in
 * Redis is looked up in the database too.
 */
export const createRedisIdempotencyStore = (
  redis: Redis,
  fallback: IdempotencyStore,
  opts: { prefix?: string; ttlMs: number; onFallback?: (err: unknown) => void },
): IdempotencyStore => {
  const primary = createRedisStore(redis, opts.prefix ?? 'dropwise:idem:')
  let fellBackAt = -Infinity
  const attempt = async <T>(now: number, run: (store: IdempotencyStore) => Promise<T>): Promise<T> => {
    if (redis.status === 'ready') {
      try {
        return await run(primary)
      } catch (err) {
        opts.onFallback?.(err)
      }
    }
    fellBackAt = now
    return run(fallback)
  }
  return {
    async get(key, now) {
      const hit = await attempt(now, (s) => s.get(key, now))
      if (hit || now - fellBackAt > opts.ttlMs) return hit
      return fallback.get(key, now)
    },
    acquire: (key, now) => attempt(now, (s) => s.acquire(key, now)),
    save: (key, response, now, ttlMs) => attempt(now, (s) => s.save(key, response, now, ttlMs)),
    // The lock may sit in either store (Redis may have gone or come back since it was taken).
    release: async (key) => {
      await Promise.allSettled([redis.status === 'ready' ? primary.release(key) : Promise.resolve(), fallback.release(key)])
    },
  }
}
