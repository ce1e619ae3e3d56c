import type { Server } from '@dropwise/schemas'
import { sql } from 'kysely'
import type { Db } from '../../db/db'

/** One stored file of a snapshot. */
export interface StoredExportFile {
  name: string
  server: Server
  format: 'json' | 'csv'
  table: 'all' | 'matrix' | 'patterns' | 'stats'
  sha256: string
  bytes: number
}

export interface StoredSnapshot {
  id: string
  kind: 'daily' | 'version'
  asOf: number
  aggregatesVersion: number
  gameDataVersion: number
  createdAt: number
  files: StoredExportFile[]
}

interface SnapshotRow {
  snapshot_id: string
  kind: 'daily' | 'version'
  as_of: number | string
  aggregates_version: number | string
  game_data_version: number
  created_at: number | string
}

const toSnapshot = (r: SnapshotRow, files: StoredExportFile[]): StoredSnapshot => ({
  id: r.snapshot_id,
  kind: r.kind,
  asOf: Number(r.as_of),
  aggregatesVersion: Number(r.aggregates_version),
  gameDataVersion: r.game_data_version,
  createdAt: Number(r.created_at),
  files,
})

/** Open-data snapshots (migration 0014) and what the changes feed reads: game-data versions and rule changes. */
export const createExportsRepository = (db: Db) => ({
  /** What the snapshot's data is: the aggregates' version and when it moved, the game-data version and when it was applied. */
  dataState: async () => {
    const [agg, game] = await Promise.all([
      sql<{ v: string | number | null; at: string | number | null }>`
        select (value #>> '{}')::bigint as v, updated_at as at from properties where key = 'aggregates.version'`.execute(db.kysely),
      sql<{ v: number | null; at: string | number | null }>`
        select version as v, applied_at as at from data_versions order by version desc limit 1`.execute(db.kysely),
    ])
    return {
      aggregatesVersion: Number(agg.rows[0]?.v ?? 0),
      aggregatesAt: Number(agg.rows[0]?.at ?? 0),
      gameDataVersion: Number(game.rows[0]?.v ?? 0),
      gameDataAt: Number(game.rows[0]?.at ?? 0),
    }
  },

  /** Stores a snapshot with its files in one transaction; a snapshot of that id already stored wins (another process took it). */
  insert: async (s: Omit<StoredSnapshot, 'files'>, files: (StoredExportFile & { body: Buffer })[]): Promise<boolean> =>
    db.kysely.transaction().execute(async (trx) => {
      const inserted = await sql`
        insert into export_snapshots (snapshot_id, kind, as_of, aggregates_version, game_data_version, created_at)
        values (${s.id}, ${s.kind}, ${s.asOf}, ${s.aggregatesVersion}, ${s.gameDataVersion}, ${s.createdAt})
        on conflict (snapshot_id) do nothing`.execute(trx)
      if (Number(inserted.numAffectedRows ?? 0) === 0) return false
      for (const f of files) {
        await sql`
          insert into export_files (snapshot_id, name, server, format, tbl, sha256, bytes, body)
          values (${s.id}, ${f.name}, ${f.server}, ${f.format}, ${f.table}, ${f.sha256}, ${f.bytes}, ${f.body})`.execute(trx)
      }
      return true
    }),

  has: async (id: string): Promise<boolean> => (await sql`select 1 from export_snapshots where snapshot_id = ${id}`.execute(db.kysely)).rows.length > 0,

  /** Every kept snapshot with its files' names, sizes and hashes, newest first. */
  list: async (): Promise<StoredSnapshot[]> => {
    const [snaps, files] = await Promise.all([
      sql<SnapshotRow>`select * from export_snapshots order by created_at desc, snapshot_id desc`.execute(db.kysely),
      sql<{ snapshot_id: string; name: string; server: Server; format: 'json' | 'csv'; tbl: StoredExportFile['table']; sha256: string; bytes: number }>`
        select snapshot_id, name, server, format, tbl, sha256, bytes from export_files order by snapshot_id, name`.execute(db.kysely),
    ])
    const bySnapshot = new Map<string, StoredExportFile[]>()
    for (const f of files.rows) {
      const file = { name: f.name, server: f.server, format: f.format, table: f.tbl, sha256: f.sha256, bytes: Number(f.bytes) }
      const list = bySnapshot.get(f.snapshot_id)
      if (list) list.push(file)
      else bySnapshot.set(f.snapshot_id, [file])
    }
    return snaps.rows.map((r) => toSnapshot(r, bySnapshot.get(r.snapshot_id) ?? []))
  },

  /** One file's bytes and hash (`latest` = the newest snapshot's); null when there is none. */
  file: async (snapshot: string, name: string): Promise<{ snapshotId: string; sha256: string; body: Buffer } | null> => {
    const target = snapshot === 'latest' ? sql`(select snapshot_id from export_snapshots order by created_at desc, snapshot_id desc limit 1)` : sql`${snapshot}`
    const { rows } = await sql<{ snapshot_id: string; sha256: string; body: Uint8Array }>`
      select snapshot_id, sha256, body from export_files where snapshot_id = ${target} and name = ${name}`.execute(db.kysely)
    const row = rows[0]
    return row ? { snapshotId: row.snapshot_id, sha256: row.sha256, body: Buffer.from(row.body) } : null
  },

  /** Deletes snapshots taken before `before`, never the newest one. */
  prune: async (before: number): Promise<number> => {
    const { numAffectedRows } = await sql`
      delete from export_snapshots where created_at < ${before}
        and snapshot_id <> (select snapshot_id from export_snapshots order by created_at desc, snapshot_id desc limit 1)`.execute(db.kysely)
    return Number(numAffectedRows ?? 0)
  },

  /** Game-data versions after `since`, oldest first (at most `limit`). */
  versionsSince: async (since: number, limit: number) =>
    (
      await sql<{ version: number; origin: 'seed' | 'sync'; applied_at: string | number; as_of: string | number; changes: unknown }>`
        select version, origin, applied_at, as_of, changes from data_versions where version > ${since} order by version limit ${limit}`.execute(db.kysely)
    ).rows.map((r) => ({ version: r.version, origin: r.origin, appliedAt: Number(r.applied_at), asOf: Number(r.as_of), changes: r.changes })),

  /** When a game-data version was applied; null for an unknown version. */
  appliedAt: async (version: number): Promise<number | null> => {
    const { rows } = await sql<{ at: string | number }>`select applied_at as at from data_versions where version = ${version}`.execute(db.kysely)
    return rows[0] ? Number(rows[0].at) : null
  },

  /** Rejection-rule changes from the operators' audit: after the id `afterId`, or after the time `afterAt`; oldest first. */
  ruleChanges: async (after: { afterId: number } | { afterAt: number }, limit: number) =>
    (
      await sql<{ audit_id: string | number; at: string | number; action: string; after: unknown }>`
        select audit_id, at, action, after from ops_audit
        where action in ('rule.add', 'rule.remove') and ${'afterId' in after ? sql`audit_id > ${after.afterId}` : sql`at > ${after.afterAt}`}
        order by audit_id limit ${limit}`.execute(db.kysely)
    ).rows.map((r) => ({ id: Number(r.audit_id), at: Number(r.at), action: r.action === 'rule.add' ? ('added' as const) : ('removed' as const), rule: r.after })),

  /** The newest rule change's id (0 for none). */
  lastRuleChange: async (): Promise<number> =>
    Number(
      (await sql<{ id: string | number | null }>`select max(audit_id) as id from ops_audit where action in ('rule.add', 'rule.remove')`.execute(db.kysely)).rows[0]?.id ??
        0,
    ),

  /** The game-data versions that have their snapshot (`v<version>`). */
  versionSnapshots: async (): Promise<Set<number>> =>
    new Set(
      (await sql<{ v: number }>`select substr(snapshot_id, 2)::int as v from export_snapshots where kind = 'version'`.execute(db.kysely)).rows.map((r) => Number(r.v)),
    ),

  currentGameDataVersion: async (): Promise<number> =>
    Number((await sql<{ v: number | null }>`select max(version) as v from data_versions`.execute(db.kysely)).rows[0]?.v ?? 0),
})
export type ExportsRepository = ReturnType<typeof createExportsRepository>
