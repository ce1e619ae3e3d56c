import type { Db } from '../../plugins/db'

/** Reads the reference data (items, zones, stages, drop infos, periods, formulas, notices, properties). */
export const createCatalogRepository = (db: Db) => ({
  items: () => db.kysely.selectFrom('items').selectAll().orderBy('sort_id').orderBy('item_id').execute(),
  zones: () => db.kysely.selectFrom('zones').selectAll().orderBy('zone_index').orderBy('zone_id').execute(),
  stages: () => db.kysely.selectFrom('stages').selectAll().orderBy('stage_id').execute(),
  dropInfos: () =>
    db.kysely.selectFrom('drop_infos').selectAll().orderBy('server').orderBy('stage_id').orderBy('drop_info_id').execute(),
  periods: () => db.kysely.selectFrom('periods').selectAll().orderBy('start_at').orderBy('period_key').execute(),
  formulas: () => db.kysely.selectFrom('formulas').select(['body']).orderBy('sort_order').execute(),
  notices: () => db.kysely.selectFrom('notices').selectAll().orderBy('notice_id').execute(),
  property: async (key: string) =>
    (await db.kysely.selectFrom('properties').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirst()) ??
    null,
})
export type CatalogRepository = ReturnType<typeof createCatalogRepository>
export type CatalogRows = {
  items: Awaited<ReturnType<CatalogRepository['items']>>
  zones: Awaited<ReturnType<CatalogRepository['zones']>>
  stages: Awaited<ReturnType<CatalogRepository['stages']>>
  dropInfos: Awaited<ReturnType<CatalogRepository['dropInfos']>>
}
