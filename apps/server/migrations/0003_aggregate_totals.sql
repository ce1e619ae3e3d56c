-- All-time rollups beside the per-day aggregates: a pair whose period covers every day with data is
-- answered from one row instead of summing its days (rebuilding the global matrix stays well under 1 s
-- whatever the number of reports and days). min_day/max_day bound the days with data of a stage.
create table agg_stage_total (
  server             text not null,
  category           text not null check (category in ('all', 'automated', 'manual')),
  stage_id           text not null,
  times              bigint not null default 0,
  reports            bigint not null default 0,
  single_run_reports bigint not null default 0,
  min_day            integer not null,
  max_day            integer not null,
  primary key (server, category, stage_id)
);

create table agg_item_total (
  server       text not null,
  category     text not null check (category in ('all', 'automated', 'manual')),
  stage_id     text not null,
  item_id      text not null,
  quantity     bigint not null default 0,
  quantity_sq  bigint not null default 0,
  primary key (server, category, stage_id, item_id)
);

-- Existing databases: roll up what the daily tables already hold.
insert into agg_stage_total (server, category, stage_id, times, reports, single_run_reports, min_day, max_day)
select server, category, stage_id, sum(times), sum(reports), sum(single_run_reports), min(day), max(day)
from agg_stage_daily group by 1, 2, 3;
insert into agg_item_total (server, category, stage_id, item_id, quantity, quantity_sq)
select server, category, stage_id, item_id, sum(quantity), sum(quantity_sq)
from agg_item_daily group by 1, 2, 3, 4;
