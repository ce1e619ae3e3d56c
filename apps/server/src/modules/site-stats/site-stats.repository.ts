import type { Server } from '@dropwise/schemas'
import { sql } from 'kysely'
import type { Db } from '../../db/db'
import { DEMO_SOURCE } from '../demo/demo-source'

/** Totals behind `/stats` (api-v2.md §10.7): imported history, all-time daily aggregates, and the last 24 h of raw reports. */
export const createSiteStatsRepository = (db: Db) => ({
  /** Imported history per (stage, item), category `all`: the baselines in effect (the upstream's once it answered, issue 40). */
  baselines: (server: Server) => db.kysely.selectFrom('baselines_in_effect').select(['stage_id', 'item_id', 'times', 'quantity']).where('server', '=', server).execute(),

  /** Σ runs per stage over days `fromDay … toDay` from the daily aggregates, category `all`. */
  stageTotals: (server: Server, fromDay: number, toDay: number) =>
    db.kysely
      .selectFrom('agg_stage_daily')
      .select(['stage_id', (eb) => eb.fn.sum<number>('times').as('times')])
      .where('server', '=', server)
      .where('category', '=', 'all')
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .groupBy('stage_id')
      .execute(),

  /** Σ quantity per item over days `fromDay … toDay` from the daily aggregates, category `all`. */
  itemTotals: (server: Server, fromDay: number, toDay: number) =>
    db.kysely
      .selectFrom('agg_item_daily')
      .select(['item_id', (eb) => eb.fn.sum<number>('quantity').as('quantity')])
      .where('server', '=', server)
      .where('category', '=', 'all')
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .groupBy('item_id')
      .execute(),

  /**
   * Σ times of valid (reliability 0) reports per stage created in `[since, until)`, and of the simulated
   * demo reports among them: a range scan on the `(server, created_at)` index.
   */
  recentStageTimes: (server: Server, since: number, until: number) =>
    db.kysely
      .selectFrom('drop_reports')
      .select(['stage_id', (eb) => eb.fn.sum<number>('times').as('times'), sql<number>`coalesce(sum(times) filter (where source = ${DEMO_SOURCE}), 0)`.as('simulated')])
      .where('server', '=', server)
      .where('created_at', '>=', since)
      .where('created_at', '<', until)
      .where('reliability', '=', 0)
      .groupBy('stage_id')
      .execute(),
})
export type SiteStatsRepository = ReturnType<typeof createSiteStatsRepository>
