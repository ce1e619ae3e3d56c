import { NO_END_MS, type SeedDropInfo, type SeedItem, type SeedPeriod, type SeedStage, type SeedZone } from '@dropwise/schemas'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database'

type Trx = Transaction<Database>

/**
 * The writes of reference data shared by the seed load and the game-data sync (issue 36). Rows travel as one
 * jsonb parameter and are expanded server-side: one round trip per chunk, parameterised, and the same SQL on
 * PGlite and PostgreSQL. Items, zones and stages are upserted (reports refer to them; nothing is deleted).
 */
const CHUNK = 5000
const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK))
const json = (rows: unknown) => sql`${JSON.stringify(rows)}::jsonb`
const end = (v: number | null) => v ?? NO_END_MS

export const upsertItems = async (trx: Trx, items: readonly SeedItem[]) => {
  for (const part of chunks(items.map((i) => ({ ...i, spriteCoord: i.spriteCoord ?? null, inferred: i.inferred ?? [] })))) {
    await sql`
        insert into items (item_id, name_i18n, existence, item_type, sort_id, rarity, group_id, sprite_coord, alias, pron, inferred)
        select x."itemId", x.name_i18n, x.existence, x."itemType", x."sortId", x.rarity, x."groupID", x."spriteCoord", x.alias, x.pron,
               array(select jsonb_array_elements_text(x.inferred))
        from jsonb_to_recordset(${json(part)}) as x("itemId" text, name_i18n jsonb, existence jsonb, "itemType" text, "sortId" int,
             rarity int, "groupID" text, "spriteCoord" jsonb, alias jsonb, pron jsonb, inferred jsonb)
        on conflict (item_id) do update set name_i18n = excluded.name_i18n, existence = excluded.existence,
          item_type = excluded.item_type, sort_id = excluded.sort_id, rarity = excluded.rarity, group_id = excluded.group_id,
          sprite_coord = excluded.sprite_coord, alias = excluded.alias, pron = excluded.pron, inferred = excluded.inferred`.execute(trx)
  }
}

export const upsertZones = async (trx: Trx, zones: readonly SeedZone[]) => {
  for (const part of chunks(zones.map((z) => ({ ...z, inferred: z.inferred ?? [] })))) {
    await sql`
        insert into zones (zone_id, zone_index, type, sub_type, name_i18n, existence, background, inferred)
        select x."zoneId", x."zoneIndex", x.type, x."subType", x."zoneName_i18n", x.existence, x.background,
               array(select jsonb_array_elements_text(x.inferred))
        from jsonb_to_recordset(${json(part)}) as x("zoneId" text, "zoneIndex" int, type text, "subType" text,
             "zoneName_i18n" jsonb, existence jsonb, background text, inferred jsonb)
        on conflict (zone_id) do update set zone_index = excluded.zone_index, type = excluded.type, sub_type = excluded.sub_type,
          name_i18n = excluded.name_i18n, existence = excluded.existence, background = excluded.background, inferred = excluded.inferred`.execute(trx)
  }
}

export const upsertStages = async (trx: Trx, stages: readonly SeedStage[]) => {
  for (const part of chunks(stages.map((s) => ({ ...s, isGacha: s.isGacha ?? false, inferred: s.inferred ?? [] })))) {
    await sql`
        insert into stages (stage_id, zone_id, stage_type, code_i18n, ap_cost, min_clear_time, existence, is_gacha, inferred)
        select x."stageId", x."zoneId", x."stageType", x.code_i18n, x."apCost", x."minClearTime", x.existence, x."isGacha",
               array(select jsonb_array_elements_text(x.inferred))
        from jsonb_to_recordset(${json(part)}) as x("stageId" text, "zoneId" text, "stageType" text, code_i18n jsonb,
             "apCost" int, "minClearTime" int, existence jsonb, "isGacha" boolean, inferred jsonb)
        on conflict (stage_id) do update set zone_id = excluded.zone_id, stage_type = excluded.stage_type,
          code_i18n = excluded.code_i18n, ap_cost = excluded.ap_cost, min_clear_time = excluded.min_clear_time,
          existence = excluded.existence, is_gacha = excluded.is_gacha, inferred = excluded.inferred`.execute(trx)
  }
}

/** Inserts drop infos (the caller deletes what they replace). */
export const insertDropInfos = async (trx: Trx, dropInfos: readonly SeedDropInfo[]) => {
  const infos = dropInfos.map((d) => ({
    server: d.server,
    stageId: d.stageId,
    itemId: d.itemId,
    dropType: d.dropType,
    lower: d.bounds?.lower ?? null,
    upper: d.bounds?.upper ?? null,
    exceptions: d.bounds?.exceptions ?? null,
    start: d.start,
    end: end(d.end),
    accumulable: d.accumulable,
    inferred: d.inferred ?? [],
  }))
  for (const part of chunks(infos)) {
    await sql`
        insert into drop_infos (server, stage_id, item_id, drop_type, lower_bound, upper_bound, exceptions, start_at, end_at, accumulable, inferred)
        select x.server, x."stageId", x."itemId", x."dropType", x.lower, x.upper,
               case when x.exceptions is null then null else array(select jsonb_array_elements_text(x.exceptions)::int) end,
               x.start, x."end", x.accumulable, array(select jsonb_array_elements_text(x.inferred))
        from jsonb_to_recordset(${json(part)}) as x(server text, "stageId" text, "itemId" text, "dropType" text, lower int,
             upper int, exceptions jsonb, start bigint, "end" bigint, accumulable boolean, inferred jsonb)`.execute(trx)
  }
}

/** Inserts periods, or updates those whose key is already stored. */
export const upsertPeriods = async (trx: Trx, periods: readonly SeedPeriod[]) => {
  for (const part of chunks(periods.map((p) => ({ ...p, end: end(p.end) })))) {
    await sql`
        insert into periods (period_key, start_at, end_at, label_i18n, existence, zone_id)
        select x.key, x.start, x."end", x.label_i18n, x.existence, x."zoneId"
        from jsonb_to_recordset(${json(part)}) as x(key text, start bigint, "end" bigint, label_i18n jsonb, existence jsonb, "zoneId" text)
        on conflict (period_key) do update set start_at = excluded.start_at, end_at = excluded.end_at, label_i18n = excluded.label_i18n,
          existence = excluded.existence, zone_id = excluded.zone_id`.execute(trx)
  }
}
