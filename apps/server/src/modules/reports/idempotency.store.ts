import type { Redis } from 'ioredis'
import { sql } from 'kysely'
import type { Db } from '../../plugins/db'

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
    await db.kysely
      .updateTable('idempotency_keys')
      .set({ status: response.status, headers: JSON.stringify(response.headers), body: response.body, expires_at: now + ttlMs })
      .where('idem_key', '=', key)
      .execute()
  },
  async release(key) {
    await db.kysely.deleteFrom('idempotency_keys').where('idem_key', '=', key).where('status', '=', 0).execute()
  },
})

export const createRedisIdempotencyStore = (redis: Redis, prefix = 'dropwise:idem:'): IdempotencyStore => ({
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
