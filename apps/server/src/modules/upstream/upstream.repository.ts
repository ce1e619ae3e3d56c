import { NO_END_MS, type Server, type UpstreamServerStatus } from '@dropwise/schemas'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { readPaged, yieldToLoop } from '../../db/paged-read'
import { bumpVersion } from '../aggregation/aggregation.repository'
import type { PreviousRow, UpstreamElement } from './upstream.answer'

const UPSTREAM_LOCK = 0x55_50_53_54
const STATUS_KEY = 'upstream.status'
const ROUND_KEY = 'upstream.round'
/** Rows per insert: one statement of a few hundred milliseconds at most on PGlite, requests answer in between. */
const CHUNK = 2000

export interface StoredFetch {
  url: string
  fetchedAt: number
  sha256: string
  pairs: number
  unmatched: number
  unknown: number
}

/** What the last attempts on each server said (kept in `properties`; the answers in effect are in `upstream_fetches`). */
export interface StoredAttempts {
  url: string
  servers: Partial<Record<Server, Pick<UpstreamServerStatus, 'lastGoodAt' | 'failingSince' | 'reason'>>>
}

const toFetch = (row: { url: string; fetched_at: number; sha256: string; pairs: number; unmatched: number; unknown: number }): StoredFetch => ({
  url: row.url,
  fetchedAt: Number(row.fetched_at),
  sha256: row.sha256,
  pairs: Number(row.pairs),
  unmatched: Number(row.unmatched),
  unknown: Number(row.unknown),
})

export type ApplyOutcome = { applied: true; version: number } | { applied: false; reason: string }

/** The upstream's baselines (migration 0013): the last good answer per server, its record, and the outcome of the last fetches. */
export const createUpstreamRepository = (db: Db) => ({
  fetched: async (server: Server): Promise<StoredFetch | null> => {
    const row = await db.kysely.selectFrom('upstream_fetches').selectAll().where('server', '=', server).executeTakeFirst()
    return row ? toFetch(row) : null
  },

  /** The answers in effect, per server. */
  fetches: async (): Promise<Partial<Record<Server, StoredFetch>>> =>
    Object.fromEntries((await db.kysely.selectFrom('upstream_fetches').selectAll().execute()).map((r) => [r.server, toFetch(r)])),

  /** How many pairs the baselines in effect hold on a server (the seed's, or an upstream's). */
  pairsInEffect: async (server: Server): Promise<number> =>
    Number(
      (
        await db.kysely
          .selectFrom('baselines_in_effect')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('server', '=', server)
          .executeTakeFirst()
      )?.n ?? 0,
    ),

  /** The last good answer's pairs of a server (what the next is compared with), read in pages. */
  previousRows: async (server: Server): Promise<Map<string, PreviousRow>> => {
    const rows = await readPaged(
      (after: [string, string] | null, size) =>
        db.kysely
          .selectFrom('upstream_baselines')
          .select(['stage_id', 'item_id', 'times', 'start_at'])
          .where('server', '=', server)
          .$if(after !== null, (q) => q.where(sql<boolean>`(stage_id, item_id) > (${after?.[0]}, ${after?.[1]})`))
          .orderBy('stage_id')
          .orderBy('item_id')
          .limit(size)
          .execute(),
      (r) => [r.stage_id, r.item_id] as [string, string],
    )
    return new Map(rows.map((r) => [`${r.stage_id}|${r.item_id}`, { times: Number(r.times), start: Number(r.start_at) }]))
  },

  /**
   * Replaces a server's upstream baseline in one transaction under the upstream lock, and moves the data
   * version so every process rebuilds its matrices (they read the new stamp). `basedOn` is the answer the
   * checks compared with: if another process applied meanwhile, nothing is written.
   */
  apply: (server: Server, rows: readonly UpstreamElement[], record: StoredFetch, basedOn: string | null, now: number): Promise<ApplyOutcome> =>
    db.kysely.transaction().execute(async (trx): Promise<ApplyOutcome> => {
      await sql`select pg_advisory_xact_lock(${UPSTREAM_LOCK})`.execute(trx)
      const current = await trx.selectFrom('upstream_fetches').select('sha256').where('server', '=', server).executeTakeFirst()
      if ((current?.sha256 ?? null) !== basedOn) return { applied: false, reason: 'another process applied a newer answer meanwhile' }
      await trx.deleteFrom('upstream_baselines').where('server', '=', server).execute()
      // One statement per chunk with a turn of the event loop between: on PGlite the transaction holds the
      // only connection, and requests that need no SQL (the matrices are served from memory) still answer.
      for (let i = 0; i < rows.length; i += CHUNK) {
        await yieldToLoop()
        const part = rows.slice(i, i + CHUNK).map((r) => [r.stageId, r.itemId, r.times, r.quantity, r.stdDev, r.start, r.end])
        await sql`
          insert into upstream_baselines (server, stage_id, item_id, times, quantity, std_dev, start_at, end_at)
          select ${server}, x->>0, x->>1, (x->>2)::bigint, (x->>3)::bigint, (x->>4)::float8, (x->>5)::bigint, coalesce((x->>6)::bigint, ${NO_END_MS}::bigint)
          from jsonb_array_elements(${JSON.stringify(part)}::jsonb) as x`.execute(trx)
      }
      const values = { url: record.url, fetched_at: record.fetchedAt, sha256: record.sha256, pairs: record.pairs, unmatched: record.unmatched, unknown: record.unknown }
      await trx
        .insertInto('upstream_fetches')
        .values({ server, ...values })
        .onConflict((oc) => oc.column('server').doUpdateSet(values))
        .execute()
      return { applied: true, version: await bumpVersion(trx, now) }
    }),

  /** Drops every upstream baseline (UPSTREAM_API unset): the seed's serve again. Returns the new data version, or null when there was none. */
  clear: (now: number): Promise<number | null> =>
    db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${UPSTREAM_LOCK})`.execute(trx)
      const gone = await trx.deleteFrom('upstream_fetches').executeTakeFirst()
      await trx.deleteFrom('upstream_baselines').execute()
      await trx.deleteFrom('properties').where('key', '=', STATUS_KEY).execute()
      return Number(gone.numDeletedRows) > 0 ? bumpVersion(trx, now) : null
    }),

  /**
   * Claims the scheduled round for this process unless another process started one less than `minGapMs` ago:
   * of several processes on one database only one fetches per interval, the others follow its applies.
   */
  claimRound: async (now: number, minGapMs: number): Promise<boolean> => {
    const value = JSON.stringify(now)
    const claimed = await db.kysely
      .insertInto('properties')
      .values({ key: ROUND_KEY, value, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value, updated_at: now })
          .where('properties.updated_at', '<=', now - minGapMs),
      )
      .returning('key')
      .executeTakeFirst()
    return claimed !== undefined
  },

  attempts: async (): Promise<StoredAttempts | null> =>
    ((await db.kysely.selectFrom('properties').select('value').where('key', '=', STATUS_KEY).executeTakeFirst())?.value as StoredAttempts | undefined) ?? null,

  setAttempts: async (status: StoredAttempts, now: number) => {
    const value = JSON.stringify(status)
    await db.kysely
      .insertInto('properties')
      .values({ key: STATUS_KEY, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute()
  },
})
export type UpstreamRepository = ReturnType<typeof createUpstreamRepository>
