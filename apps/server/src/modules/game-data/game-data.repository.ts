import type { DataSyncStatus, DataVersion, SeedDropInfo, SeedFormula, SeedItem, SeedMatrixRow, SeedPeriod, SeedStage, SeedZone, Server } from '@dropwise/schemas'
import { NO_END_MS, SERVERS } from '@dropwise/schemas'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { insertDropInfos, upsertItems, upsertPeriods, upsertStages, upsertZones } from '../seed/reference-writes.repository'
import { canon, dropInfoKey, dropInfoOfRow, dropInfoRowForm, itemRowForm, periodRowForm, stageRowForm, toDataVersion, zoneRowForm } from './game-data.mapper'

/** One apply at a time across every process on the database (any constant; the same in every process). */
const GAME_DATA_LOCK = 0x47_44_41_54
const LAST_SYNC_KEY = 'data.lastSync'

/** The stored reference data in comparable form (game-data.mapper.ts). */
export interface StoredReference {
  items: Map<string, string>
  zones: Map<string, string>
  stages: Map<string, string>
  periods: Map<string, string>
  /** drop info key → form; `group` is `server|stageId`; `endAt` its end (NO_END_MS when open-ended) */
  dropInfos: Map<string, { form: string; group: string; startAt: number; endAt: number }>
  formulas: string
}

/** What an apply writes: records to upsert, drop-info groups (server, stage) to replace or to close. */
export interface ApplyPlan {
  items: SeedItem[]
  zones: SeedZone[]
  stages: SeedStage[]
  replaceGroups: { server: Server; stageId: string; infos: SeedDropInfo[] }[]
  /** Groups no longer derived: their open drop infos end at `now` (retired, never deleted). */
  retireGroups: { server: Server; stageId: string }[]
  periods: SeedPeriod[]
  /** The full formula list when it changed, else null. */
  formulas: SeedFormula[] | null
  now: number
}

export type ApplyOutcome = { applied: true; version: number } | { applied: false; version: number }

export const createGameDataRepository = (db: Db) => ({
  currentVersion: async (): Promise<number> =>
    (
      await db.kysely
        .selectFrom('data_versions')
        .select(sql<number>`coalesce(max(version), 0)::int`.as('v'))
        .executeTakeFirstOrThrow()
    ).v,

  versions: async (limit = 100): Promise<DataVersion[]> =>
    (await db.kysely.selectFrom('data_versions').selectAll().orderBy('version', 'desc').limit(limit).execute()).map(toDataVersion),

  /** The seed load's version 1 (once; a database seeded before migration 0008 records it at its next start). */
  ensureSeedVersion: async (v: Omit<DataVersion, 'version' | 'origin'>) => {
    await db.kysely
      .insertInto('data_versions')
      .values({
        version: 1,
        origin: 'seed',
        applied_at: v.appliedAt,
        as_of: v.asOf,
        sources: JSON.stringify(v.sources),
        counts: JSON.stringify(v.counts),
        changes: JSON.stringify(v.changes),
      })
      .onConflict((oc) => oc.column('version').doNothing())
      .execute()
  },

  lastSync: async (): Promise<DataSyncStatus | null> =>
    ((await db.kysely.selectFrom('properties').select('value').where('key', '=', LAST_SYNC_KEY).executeTakeFirst())?.value as DataSyncStatus | undefined) ?? null,

  setLastSync: async (status: DataSyncStatus) => {
    const value = JSON.stringify(status)
    await db.kysely
      .insertInto('properties')
      .values({ key: LAST_SYNC_KEY, value, updated_at: status.at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: status.at }))
      .execute()
  },

  /** The imported matrix baselines as the importer's rows (the sync never changes them). */
  baselineRows: async (): Promise<Record<Server, SeedMatrixRow[]>> => {
    const parts = await Promise.all(
      SERVERS.map((s) =>
        db.kysely
          .selectFrom('matrix_baselines')
          .select(['server', 'stage_id', 'item_id', 'times', 'quantity', 'std_dev', 'start_at', 'end_at'])
          .where('server', '=', s)
          .execute(),
      ),
    )
    const rows = parts.flat()
    const out = Object.fromEntries(SERVERS.map((s) => [s, [] as SeedMatrixRow[]])) as Record<Server, SeedMatrixRow[]>
    for (const r of rows) {
      out[r.server as Server].push([
        r.stage_id,
        r.item_id,
        Number(r.times),
        Number(r.quantity),
        r.std_dev,
        Number(r.start_at),
        Number(r.end_at) >= NO_END_MS ? null : Number(r.end_at),
      ])
    }
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
    for (const s of SERVERS) out[s].sort((a, b) => cmp(a[0], b[0]) || cmp(a[1], b[1]))
    return out
  },

  stored: async (): Promise<StoredReference> => {
    const [items, zones, stages, periods, infos, formulas] = await Promise.all([
      db.kysely.selectFrom('items').selectAll().execute(),
      db.kysely.selectFrom('zones').selectAll().execute(),
      db.kysely.selectFrom('stages').selectAll().execute(),
      db.kysely.selectFrom('periods').selectAll().execute(),
      // Per server: on PGlite (one connection, SQL on this thread) requests get their turn between the parts.
      Promise.all(SERVERS.map((s) => db.kysely.selectFrom('drop_infos').selectAll().where('server', '=', s).execute())).then((parts) => parts.flat()),
      db.kysely.selectFrom('formulas').select('body').orderBy('sort_order').execute(),
    ])
    return {
      items: new Map(items.map((r) => [r.item_id, itemRowForm(r)])),
      zones: new Map(zones.map((r) => [r.zone_id, zoneRowForm(r)])),
      stages: new Map(stages.map((r) => [r.stage_id, stageRowForm(r)])),
      periods: new Map(periods.map((r) => [r.period_key, periodRowForm(r)])),
      dropInfos: new Map(
        infos.map((r) => [dropInfoKey(dropInfoOfRow(r)), { form: dropInfoRowForm(r), group: `${r.server}|${r.stage_id}`, startAt: r.start_at, endAt: r.end_at }]),
      ),
      formulas: canon(formulas.map((f) => f.body)),
    }
  },

  /**
   * Applies a plan as version `expected + 1` in one transaction under the game-data lock; another process
   * that applied first (the stored version is no longer `expected`) makes this a no-op.
   */
  apply: (plan: ApplyPlan, expected: number, record: Omit<DataVersion, 'version' | 'origin'>): Promise<ApplyOutcome> =>
    db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${GAME_DATA_LOCK})`.execute(trx)
      const { v } = await trx
        .selectFrom('data_versions')
        .select(sql<number>`coalesce(max(version), 0)::int`.as('v'))
        .executeTakeFirstOrThrow()
      if (v !== expected) return { applied: false, version: v }
      await upsertItems(trx, plan.items)
      await upsertZones(trx, plan.zones)
      await upsertStages(trx, plan.stages)
      // One statement per step (PGlite holds its only connection for the whole transaction).
      const groups = (list: { server: string; stageId: string }[]) => sql`${JSON.stringify(list.map((g) => ({ server: g.server, stageId: g.stageId })))}::jsonb`
      if (plan.replaceGroups.length > 0) {
        await sql`delete from drop_infos d using jsonb_to_recordset(${groups(plan.replaceGroups)}) as g(server text, "stageId" text)
          where d.server = g.server and d.stage_id = g."stageId"`.execute(trx)
      }
      await insertDropInfos(
        trx,
        plan.replaceGroups.flatMap((g) => g.infos),
      )
      if (plan.retireGroups.length > 0) {
        await sql`update drop_infos d set end_at = ${plan.now} from jsonb_to_recordset(${groups(plan.retireGroups)}) as g(server text, "stageId" text)
          where d.server = g.server and d.stage_id = g."stageId" and d.start_at < ${plan.now} and d.end_at > ${plan.now}`.execute(trx)
      }
      await upsertPeriods(trx, plan.periods)
      if (plan.formulas) {
        await trx.deleteFrom('formulas').execute()
        if (plan.formulas.length > 0) {
          await trx
            .insertInto('formulas')
            .values(plan.formulas.map((f, i) => ({ item_id: f.id, sort_order: i, body: JSON.stringify(f) })))
            .execute()
        }
      }
      await trx
        .insertInto('data_versions')
        .values({
          version: v + 1,
          origin: 'sync',
          applied_at: record.appliedAt,
          as_of: record.asOf,
          sources: JSON.stringify(record.sources),
          counts: JSON.stringify(record.counts),
          changes: JSON.stringify(record.changes),
        })
        .execute()
      return { applied: true, version: v + 1 }
    }),
})
export type GameDataRepository = ReturnType<typeof createGameDataRepository>
