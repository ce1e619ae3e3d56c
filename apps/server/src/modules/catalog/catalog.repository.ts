import type { Formula } from '@dropwise/schemas'
import { sql, type Selectable } from 'kysely'
import type { DropInfosTable } from '../../db/database'
import type { Db } from '../../db/db'
import { readDropInfos } from '../../db/paged-read'
import { toDropInfoRecord, toItem, toNotice, toPeriod, toStageRecord, toZone } from './catalog.mapper'

/**
 * Reads the reference data (items, zones, stages, drop infos, periods, formulas, notices, properties),
 * mapped to domain and contract types: no row leaves this module.
 */
export const createCatalogRepository = (db: Db) => ({
  items: async () => (await db.kysely.selectFrom('items').selectAll().orderBy('sort_id').orderBy('item_id').execute()).map(toItem),
  zones: async () => (await db.kysely.selectFrom('zones').selectAll().orderBy('zone_index').orderBy('zone_id').execute()).map(toZone),
  stages: async () => (await db.kysely.selectFrom('stages').selectAll().orderBy('stage_id').execute()).map(toStageRecord),
  /** Every drop info in storage order (`drop_info_id`), read in pages (tens of thousands of rows). */
  dropInfos: () => readDropInfos(db, toDropInfoRecord),
  /** The drop infos of some (server, stage) groups, in storage order. */
  dropInfosOf: async (groups: readonly { server: string; stageId: string }[]) => {
    if (groups.length === 0) return []
    const list = sql`${JSON.stringify(groups.map((g) => ({ server: g.server, stageId: g.stageId })))}::jsonb`
    const rows = await sql<Selectable<DropInfosTable>>`select d.* from drop_infos d
      join (select distinct server, "stageId" from jsonb_to_recordset(${list}) as g(server text, "stageId" text)) g
        on d.server = g.server and d.stage_id = g."stageId"
      order by d.drop_info_id`.execute(db.kysely)
    return rows.rows.map(toDropInfoRecord)
  },
  periods: async () => (await db.kysely.selectFrom('periods').selectAll().orderBy('start_at').orderBy('period_key').execute()).map(toPeriod),
  formulas: async () => (await db.kysely.selectFrom('formulas').select(['body']).orderBy('sort_order').execute()).map((f) => f.body as Formula),
  /** The newest game-data version (migration 0008; the seed load records 1), 0 when none is recorded. */
  dataVersion: async () => {
    const row = await db.kysely
      .selectFrom('data_versions')
      .select((eb) => eb.fn.max('version').as('version'))
      .executeTakeFirst()
    return Number(row?.version ?? 0)
  },
  notices: async () => (await db.kysely.selectFrom('notices').selectAll().where('retired_at', 'is', null).orderBy('notice_id').execute()).map(toNotice),
  /** An operator property (e.g. `frontend.config`) and when it was last set; null when unset. */
  property: async (key: string): Promise<{ value: unknown; updatedAt: number } | null> => {
    const row = await db.kysely.selectFrom('properties').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirst()
    return row ? { value: row.value, updatedAt: row.updated_at } : null
  },
})
export type CatalogRepository = ReturnType<typeof createCatalogRepository>
