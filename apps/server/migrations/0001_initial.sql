-- Dropwise schema, version 1. Same SQL for PGlite and PostgreSQL.
-- Times are epoch milliseconds (bigint); "no end" is the sentinel 62141368179000 (api-v2.md §1.2).

create table items (
  item_id       text primary key,
  name_i18n     jsonb not null,
  existence     jsonb not null,
  item_type     text not null,
  sort_id       integer not null,
  rarity        smallint not null,
  group_id      text,
  sprite_coord  jsonb,
  alias         jsonb,
  pron          jsonb,
  inferred      text[] not null default '{}'
);

create table zones (
  zone_id     text primary key,
  zone_index  integer not null,
  type        text not null,
  sub_type    text,
  name_i18n   jsonb not null,
  existence   jsonb not null,
  background  text,
  inferred    text[] not null default '{}'
);

create table stages (
  stage_id        text primary key,
  zone_id         text not null references zones (zone_id),
  stage_type      text not null check (stage_type in ('MAIN', 'SUB', 'ACTIVITY', 'DAILY')),
  code_i18n       jsonb not null,
  ap_cost         integer not null,
  min_clear_time  integer,
  existence       jsonb not null,
  is_gacha        boolean not null default false,
  inferred        text[] not null default '{}'
);
create index stages_zone on stages (zone_id);

-- One drop info: on a server, during [start_at, end_at), a stage may drop an item (item_id null =
-- a per-drop-type constraint on the number of distinct items). §10.1-10.2.
create table drop_infos (
  drop_info_id  bigint generated always as identity primary key,
  server        text not null check (server in ('CN', 'US', 'JP', 'KR')),
  stage_id      text not null references stages (stage_id),
  item_id       text references items (item_id),
  drop_type     text not null check (drop_type in ('NORMAL_DROP', 'SPECIAL_DROP', 'EXTRA_DROP', 'FURNITURE', 'RECOGNITION_ONLY')),
  lower_bound   integer,
  upper_bound   integer,
  exceptions    integer[],
  start_at      bigint not null,
  end_at        bigint not null default 62141368179000,
  accumulable   boolean not null default true,
  inferred      text[] not null default '{}',
  check (start_at < end_at)
);
create index drop_infos_server_stage on drop_infos (server, stage_id, start_at);

create table periods (
  period_id   bigint generated always as identity primary key,
  period_key  text not null unique,
  start_at    bigint not null,
  end_at      bigint not null default 62141368179000,
  label_i18n  jsonb not null,
  existence   jsonb not null,
  zone_id     text
);

-- Workshop formulas, stored in the Penguin wire shape (§6.7), in display order.
create table formulas (
  item_id     text primary key,
  sort_order  integer not null,
  body        jsonb not null
);

create table notices (
  notice_id     integer primary key,
  existence     jsonb not null,
  severity      integer,
  content_i18n  jsonb not null
);

-- Operator-maintained key/value settings: frontend config, seed state, …
create table properties (
  key         text primary key,
  value       jsonb not null,
  updated_at  bigint not null
);

create table accounts (
  account_id  bigint generated always as identity primary key,
  penguin_id  text not null unique,
  created_at  bigint not null,
  ip          text
);

-- A drop pattern: the multiset item -> total quantity of one report, deduplicated by hash (§10.1).
create table drop_patterns (
  pattern_id  bigint generated always as identity primary key,
  hash        text not null unique,
  drops       jsonb not null
);

create table drop_reports (
  report_id     bigint generated always as identity primary key,
  report_hash   text not null unique,
  server        text not null check (server in ('CN', 'US', 'JP', 'KR')),
  stage_id      text not null references stages (stage_id),
  pattern_id    bigint not null references drop_patterns (pattern_id),
  drops         jsonb not null,
  times         smallint not null check (times between 1 and 1000),
  account_id    bigint not null references accounts (account_id),
  source        text not null,
  version       text not null,
  category      text not null check (category in ('automated', 'manual')),
  created_at    bigint not null,
  reliability   smallint,
  ip            text,
  md5           text,
  metadata      jsonb
);
create index drop_reports_account on drop_reports (account_id, server, stage_id, created_at);
create index drop_reports_server_created on drop_reports (server, created_at);
create index drop_reports_md5 on drop_reports (md5) where md5 is not null;
create index drop_reports_unverified on drop_reports (report_id) where reliability is null;

-- Imported history (the 2025-06-21 Penguin matrices): counted as category 'all' (§10.4 sums on top).
create table matrix_baselines (
  server    text not null check (server in ('CN', 'US', 'JP', 'KR')),
  stage_id  text not null references stages (stage_id),
  item_id   text not null references items (item_id),
  times     bigint not null,
  quantity  bigint not null,
  std_dev   double precision not null,
  start_at  bigint not null,
  end_at    bigint not null,
  source    text not null,
  primary key (server, stage_id, item_id)
);

-- Per-day aggregates (§10.4). day = days since 1970-01-01 in the server's local calendar.
create table agg_stage_daily (
  server             text not null,
  category           text not null check (category in ('all', 'automated', 'manual')),
  stage_id           text not null,
  day                integer not null,
  times              bigint not null default 0,
  reports            bigint not null default 0,
  single_run_reports bigint not null default 0,
  primary key (server, category, stage_id, day)
);

create table agg_item_daily (
  server     text not null,
  category   text not null check (category in ('all', 'automated', 'manual')),
  stage_id   text not null,
  item_id    text not null,
  day        integer not null,
  quantity   bigint not null default 0,
  -- {"<quantity per report>": <number of reports>}; reports without the item are implied by times.
  histogram  jsonb not null default '{}',
  primary key (server, category, stage_id, item_id, day)
);

create table agg_pattern_daily (
  server      text not null,
  category    text not null check (category in ('all', 'automated', 'manual')),
  stage_id    text not null,
  pattern_id  bigint not null,
  day         integer not null,
  reports     bigint not null default 0,
  primary key (server, category, stage_id, pattern_id, day)
);

create table idempotency_keys (
  idem_key    text primary key,
  status      integer not null,
  headers     jsonb not null,
  body        text not null,
  expires_at  bigint not null
);
create index idempotency_keys_expiry on idempotency_keys (expires_at);
