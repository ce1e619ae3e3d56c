// npm run bench:volume [-- --millions 10]
// Loads N million synthetic reports into a fresh PostgreSQL database (bulk SQL: reports, then the per-day
// aggregates the worker would have written), then times full rebuilds of the global CN matrix from the
// aggregates. Loopback PostgreSQL only. The last line is a JSON summary.
import { sql } from 'kysely'
import { createDataVersion } from '../apps/server/src/lib/data-version'
import { prepareDatabase } from '../apps/server/src/bootstrap'
import { createAccountsRepository } from '../apps/server/src/modules/accounts/accounts.repository'
import { createAccountsService } from '../apps/server/src/modules/accounts/accounts.service'
import { createCatalogRepository } from '../apps/server/src/modules/catalog/catalog.repository'
import { createCatalogService } from '../apps/server/src/modules/catalog/catalog.service'
import { createMatrixRepository } from '../apps/server/src/modules/matrix/matrix.repository'
import { createMatrixService } from '../apps/server/src/modules/matrix/matrix.service'
import { createDb } from '../apps/server/src/db/db'
import { freshPostgres } from './lib/server-process'

const i = process.argv.indexOf('--millions')
const millions = i >= 0 ? Number(process.argv[i + 1]) : 1
const total = Math.round(millions * 1_000_000)
const seedDir = new URL('../data/seed', import.meta.url).pathname

const url = await freshPostgres('dropwise_bench_volume')
if (!url) {
  console.log('bench:volume needs PostgreSQL on 127.0.0.1:5432')
  process.exit(1)
}
const db = await createDb({ kind: 'postgres', url, poolSize: 4 })
const t0 = Date.now()
await prepareDatabase(db, seedDir)
const now = Date.now()
const DAY = 86_400_000

// Patterns: up to 4 per open CN stage, built from the stage's open baseline items.
await sql`insert into accounts (penguin_id, created_at) values ('000000001', ${now})`.execute(db.kysely)
await sql`
  insert into drop_patterns (hash, drops)
  select 'bench:' || b.stage_id || ':' || v.k, jsonb_agg(jsonb_build_object('itemId', b.item_id, 'quantity', 1 + ((v.k + length(b.item_id)) % 2)) order by b.item_id)
  from matrix_baselines b cross join generate_series(0, 3) as v(k)
  where b.server = 'CN' and b.end_at = 62141368179000 and b.times >= 1000 and (abs(hashtext(b.item_id)) + v.k) % 3 <> 0
  group by b.stage_id, v.k`.execute(db.kysely)
const patterns = await sql<{ n: number }>`select count(*)::int as n from drop_patterns`.execute(db.kysely)
console.log(`seeded and prepared ${patterns.rows[0]?.n} patterns in ${((Date.now() - t0) / 1000).toFixed(1)} s; loading ${millions} million reports…`)

const t1 = Date.now()
const chunk = 500_000
for (let start = 0; start < total; start += chunk) {
  const end = Math.min(total, start + chunk)
  await sql`
    with p as (select pattern_id, split_part(hash, ':', 2) as stage_id, row_number() over (order by pattern_id) - 1 as idx from drop_patterns),
         n as (select count(*) as c from p)
    insert into drop_reports (report_hash, server, stage_id, pattern_id, drops, times, account_id, source, version, category, created_at, reliability)
    select 'bench' || g, 'CN', p.stage_id, p.pattern_id, '[]'::jsonb, 1 + (g % 7 = 0)::int * 2, 1, 'MaaAssistantArknights', 'bench',
           'automated', ${now} - (g % 60) * ${DAY} - (g % 86400) * 1000, 0
    from generate_series(${start}::bigint, ${end - 1}::bigint) as g
    join p on p.idx = g % (select c from n)`.execute(db.kysely)
  console.log(`  ${(end / 1e6).toFixed(1)} M reports (${((Date.now() - t1) / 1000).toFixed(0)} s)`)
}

const t2 = Date.now()
// What the worker writes, computed in bulk (server-local CN days: UTC+8).
for (const category of ['all', 'automated']) {
  await sql`
    insert into agg_stage_daily (server, category, stage_id, day, times, reports, single_run_reports)
    select server, ${category}, stage_id, floor((created_at + 28800000) / 86400000.0)::int, sum(times), count(*), count(*) filter (where times = 1)
    from drop_reports group by 1, 2, 3, 4`.execute(db.kysely)
  await sql`
    insert into agg_item_daily (server, category, stage_id, item_id, day, quantity, quantity_sq, histogram)
    select server, ${category}, stage_id, item_id, day, sum(q * n), sum(q * q * n), jsonb_object_agg(q, n)
    from (
      select r.server, r.stage_id, d->>'itemId' as item_id, floor((r.created_at + 28800000) / 86400000.0)::int as day,
             (d->>'quantity')::bigint as q, count(*) as n
      from drop_reports r join drop_patterns p on p.pattern_id = r.pattern_id, jsonb_array_elements(p.drops) d
      group by 1, 2, 3, 4, 5
    ) x group by 1, 2, 3, 4, 5`.execute(db.kysely)
}
await sql`
  insert into agg_stage_total (server, category, stage_id, times, reports, single_run_reports, min_day, max_day)
  select server, category, stage_id, sum(times), sum(reports), sum(single_run_reports), min(day), max(day) from agg_stage_daily group by 1, 2, 3`.execute(db.kysely)
await sql`
  insert into agg_item_total (server, category, stage_id, item_id, quantity, quantity_sq)
  select server, category, stage_id, item_id, sum(quantity), sum(quantity_sq) from agg_item_daily group by 1, 2, 3, 4`.execute(db.kysely)
const aggRows = await sql<{ n: number }>`select count(*)::int as n from agg_item_daily`.execute(db.kysely)
console.log(`aggregated into ${aggRows.rows[0]?.n} item-day rows in ${((Date.now() - t2) / 1000).toFixed(1)} s`)

const catalog = createCatalogService({ repository: createCatalogRepository(db), clock: Date.now })
await catalog.items()
const accounts = createAccountsService({ accounts: createAccountsRepository(db), clock: Date.now, randomInt: (m) => Math.floor(Math.random() * m) })
const timings: number[] = []
let elements = 0
for (let run = 0; run < 5; run++) {
  const version = createDataVersion(run)
  const matrix = createMatrixService({ repository: createMatrixRepository(db), catalog, accounts, version, clock: Date.now })
  const t = performance.now()
  elements = (await matrix.globalElements('CN', 'all', true)).length
  timings.push(performance.now() - t)
}
await db.close()
const sorted = [...timings].sort((a, b) => a - b)
console.log(
  `global CN matrix rebuilt from aggregates over ${millions} M reports: median ${sorted[2]?.toFixed(0)} ms (runs: ${timings.map((t) => t.toFixed(0)).join(', ')} ms), ${elements} elements`,
)
console.log(JSON.stringify({ bench: 'volume', reports: total, elements, rebuildMedianMs: Math.round(sorted[2] ?? 0), rebuildMaxMs: Math.round(sorted.at(-1) ?? 0) }))
