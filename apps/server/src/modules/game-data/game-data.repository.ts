import type {
  DataSyncStatus,
  DataVersion,
  SeedDropInfo,
  SeedFormula,
  SeedItem,
  SeedMatrixRow,
  SeedOperators,
  SeedPeriod,
  SeedStage,
  SeedZone,
  Server,
} from '@dropwise/schemas'
import { NO_END_MS, SERVERS } from '@dropwise/schemas'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { readDropInfos, readPaged, yieldToLoop } from '../../db/paged-read'
import { writeOperators } from '../operators/operators.repository'
import { insertDropInfos, upsertItems, upsertPeriods, upsertStages, upsertZones } from '../seed/reference-writes.repository'
import type { UpstreamExtract } from './game-data.upstream'
import { canon, dropInfoKey, dropInfoOfRow, dropInfoRowForm, itemRowForm, periodRowForm, stageRowForm, toDataVersion, zoneRowForm } from './game-data.mapper'

/** One apply at a time across every process on the database (any constant; the same in every process). */
const GAME_DATA_LOCK = 0x47_44_41_54
const LAST_SYNC_KEY = 'data.lastSync'
/** The upstream's last good contribution (game-data.upstream-merge.ts): used while its answers are not. */
const UPSTREAM_EXTRACT_KEY = 'data.upstreamExtract'

/** A stored drop info: its form; `group` is `server|stageId`; `endAt` its end (NO_END_MS when open-ended). */
export interface StoredDropInfo {
  form: string
  group: string
  startAt: number
  endAt: number
}

/** The stored reference data in comparable form (game-data.mapper.ts). */
export interface StoredReference {
  items: Map<string, string>
  zones: Map<string, string>
  stages: Map<string, string>
  periods: Map<string, string>
  /** drop info key → its form and group */
  dropInfos: Map<string, StoredDropInfo>
  formulas: string
  /** operator id → its form (canon of its body), and the level table's (issue 39) */
  operators: Map<string, string>
  levels: string
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
  /** The operators and the level table when either changed, else null (written whole: some 400 rows). */
  operators: SeedOperators | null
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

  upstreamExtract: async (): Promise<UpstreamExtract | null> =>
    ((await db.kysely.selectFrom('properties').select('value').where('key', '=', UPSTREAM_EXTRACT_KEY).executeTakeFirst())?.value as UpstreamExtract | undefined) ?? null,

  setUpstreamExtract: async (extract: UpstreamExtract) => {
    const value = JSON.stringify(extract)
    await db.kysely
      .insertInto('properties')
      .values({ key: UPSTREAM_EXTRACT_KEY, value, updated_at: extract.fetchedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: extract.fetchedAt }))
      .execute()
  },

  /** The imported matrix baselines as the importer's rows (the sync never changes them); read in pages. */
  baselineRows: async (): Promise<Record<Server, SeedMatrixRow[]>> => {
    const out = Object.fromEntries(SERVERS.map((s) => [s, [] as SeedMatrixRow[]])) as Record<Server, SeedMatrixRow[]>
    for (const s of SERVERS) {
      out[s] = await readPaged(
        (after: [string, string] | null, size) =>
          db.kysely
            .selectFrom('matrix_baselines')
            .select(['stage_id', 'item_id', 'times', 'quantity', 'std_dev', 'start_at', 'end_at'])
            .where('server', '=', s)
            .$if(after !== null, (q) => q.where(sql<boolean>`(stage_id, item_id) > (${after?.[0]}, ${after?.[1]})`))
            .orderBy('stage_id')
            .orderBy('item_id')
            .limit(size)
            .execute(),
        (r) => [r.stage_id, r.item_id] as [string, string],
        (r): SeedMatrixRow => [
          r.stage_id,
          r.item_id,
          Number(r.times),
          Number(r.quantity),
          r.std_dev,
          Number(r.start_at),
          Number(r.end_at) >= NO_END_MS ? null : Number(r.end_at),
        ],
      )
    }
    // The importer's order (code units), whatever the database's collation.
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
    for (const s of SERVERS) out[s].sort((a, b) => cmp(a[0], b[0]) || cmp(a[1], b[1]))
    return out
  },

  /**
   * The stored reference data in comparable form. One statement at a time and the drop infos in pages,
   * forms made page by page: on PGlite the requests get their turn in between.
   */
  stored: async (): Promise<StoredReference> => {
    const items = new Map((await db.kysely.selectFrom('items').selectAll().execute()).map((r) => [r.item_id, itemRowForm(r)]))
    await yieldToLoop()
    const zones = new Map((await db.kysely.selectFrom('zones').selectAll().execute()).map((r) => [r.zone_id, zoneRowForm(r)]))
    await yieldToLoop()
    const stages = new Map((await db.kysely.selectFrom('stages').selectAll().execute()).map((r) => [r.stage_id, stageRowForm(r)]))
    await yieldToLoop()
    const periods = new Map((await db.kysely.selectFrom('periods').selectAll().execute()).map((r) => [r.period_key, periodRowForm(r)]))
    await yieldToLoop()
    const formulas = canon((await db.kysely.selectFrom('formulas').select('body').orderBy('sort_order').execute()).map((f) => f.body))
    await yieldToLoop()
    const operators = new Map((await db.kysely.selectFrom('operators').select(['operator_id', 'body']).execute()).map((r) => [r.operator_id, canon(r.body)]))
    await yieldToLoop()
    const levels = canon((await db.kysely.selectFrom('operator_levels').select('body').where('id', '=', 1).executeTakeFirst())?.body ?? null)
    await yieldToLoop()
    const infos = await readDropInfos(
      db,
      (r) => [dropInfoKey(dropInfoOfRow(r)), { form: dropInfoRowForm(r), group: `${r.server}|${r.stage_id}`, startAt: r.start_at, endAt: r.end_at }] as const,
    )
    return { items, zones, stages, periods, dropInfos: new Map(infos), formulas, operators, levels }
  },

  /**
   * Applies a plan as version `expected + 1` in one transaction under the game-data lock; another process
   * that applied first (the stored version is no longer `expected`) makes this a no-op. `midway` (fault
   * tests) is awaited after the item, zone and stage writes, before the drop infos and the version row.
   */
  apply: (plan: ApplyPlan, expected: number, record: Omit<DataVersion, 'version' | 'origin'>, midway?: () => Promise<void>): Promise<ApplyOutcome> =>
    db.kysely.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${GAME_DATA_LOCK})`.execute(trx)
      const { v } = await trx
        .selectFrom('data_versions')
        .select(sql<number>`coalesce(max(version), 0)::int`.as('v'))
        .executeTakeFirstOrThrow()
      if (v !== expected) return { applied: false, version: v }
      // Only the diff is written, one statement per step with a turn of the event loop between steps: on
      // PGlite the transaction holds the only connection, and requests that need no SQL still answer meanwhile.
      await upsertItems(trx, plan.items)
      await yieldToLoop()
      await upsertZones(trx, plan.zones)
      await yieldToLoop()
      await upsertStages(trx, plan.stages)
      await yieldToLoop()
      await midway?.()
      // One statement per step (PGlite holds its only connection for the whole transaction).
      const groups = (list: { server: string; stageId: string }[]) => sql`${JSON.stringify(list.map((g) => ({ server: g.server, stageId: g.stageId })))}::jsonb`
      if (plan.replaceGroups.length > 0) {
        await sql`delete from drop_infos d using jsonb_to_recordset(${groups(plan.replaceGroups)}) as g(server text, "stageId" text)
          where d.server = g.server and d.stage_id = g."stageId"`.execute(trx)
        await yieldToLoop()
      }
      await insertDropInfos(
        trx,
        plan.replaceGroups.flatMap((g) => g.infos),
      )
      await yieldToLoop()
      if (plan.retireGroups.length > 0) {
        await sql`update drop_infos d set end_at = ${plan.now} from jsonb_to_recordset(${groups(plan.retireGroups)}) as g(server text, "stageId" text)
          where d.server = g.server and d.stage_id = g."stageId" and d.start_at < ${plan.now} and d.end_at > ${plan.now}`.execute(trx)
        await yieldToLoop()
      }
      await upsertPeriods(trx, plan.periods)
      await yieldToLoop()
      if (plan.formulas) {
        await trx.deleteFrom('formulas').execute()
        if (plan.formulas.length > 0) {
          await trx
            .insertInto('formulas')
            .values(plan.formulas.map((f, i) => ({ item_id: f.id, sort_order: i, body: JSON.stringify(f) })))
            .execute()
        }
      }
      if (plan.operators) {
        await writeOperators(trx, plan.operators)
        await yieldToLoop()
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
