import type { Formula } from '@dropwise/schemas'
import type { Db } from '../../db/db'
import { toDropInfoRecord, toItem, toNotice, toPeriod, toStageRecord, toZone } from './catalog.mapper'

/**
 * Reads the reference data (items, zones, stages, drop infos, periods, formulas, notices, properties),
 * mapped to domain and contract types: no row leaves this module.
 */
export const createCatalogRepository = (db: Db) => ({
  items: async () => (await db.kysely.selectFrom('items').selectAll().orderBy('sort_id').orderBy('item_id').execute()).map(toItem),
  zones: async () => (await db.kysely.selectFrom('zones').selectAll().orderBy('zone_index').orderBy('zone_id').execute()).map(toZone),
  stages: async () => (await db.kysely.selectFrom('stages').selectAll().orderBy('stage_id').execute()).map(toStageRecord),
  dropInfos: async () =>
    (await db.kysely.selectFrom('drop_infos').selectAll().orderBy('server').orderBy('stage_id').orderBy('drop_info_id').execute()).map(toDropInfoRecord),
  periods: async () => (await db.kysely.selectFrom('periods').selectAll().orderBy('start_at').orderBy('period_key').execute()).map(toPeriod),
  formulas: async () => (await db.kysely.selectFrom('formulas').select(['body']).orderBy('sort_order').execute()).map((f) => f.body as Formula),
  notices: async () => (await db.kysely.selectFrom('notices').selectAll().where('retired_at', 'is', null).orderBy('notice_id').execute()).map(toNotice),
  /** An operator property (e.g. `frontend.config`) and when it was last set; null when unset. */
  property: async (key: string): Promise<{ value: unknown; updatedAt: number } | null> => {
    const row = await db.kysely.selectFrom('properties').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirst()
    return row ? { value: row.value, updatedAt: row.updated_at } : null
  },
})
export type CatalogRepository = ReturnType<typeof createCatalogRepository>
