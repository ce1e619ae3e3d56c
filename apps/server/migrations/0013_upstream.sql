-- A Penguin-compatible upstream's global matrices (UPSTREAM_API, issue 40): per server the last answer that
-- passed the checks, replaced whole by the next one. Kept apart from matrix_baselines, the seed's import,
-- which the game-data sync derives drop infos from; rows may name stages and items this instance does not
-- know yet (the matrix leaves those out until the game data knows them).
create table upstream_baselines (
  server    text not null check (server in ('CN', 'US', 'JP', 'KR')),
  stage_id  text not null,
  item_id   text not null,
  times     bigint not null,
  quantity  bigint not null,
  std_dev   double precision not null,
  start_at  bigint not null,
  end_at    bigint not null,
  primary key (server, stage_id, item_id)
);

-- One row per server whose upstream baseline is in effect: where it came from, when it was fetched, and how
-- many of its pairs the local drop infos place in another period (unmatched) or do not know (unknown).
create table upstream_fetches (
  server      text primary key check (server in ('CN', 'US', 'JP', 'KR')),
  url         text not null,
  fetched_at  bigint not null,
  sha256      text not null,
  pairs       integer not null,
  unmatched   integer not null,
  unknown     integer not null
);

-- The baselines the statistics stand on: a server's upstream rows once it has some, else the seed's.
create view baselines_in_effect as
  select u.server, u.stage_id, u.item_id, u.times, u.quantity, u.std_dev, u.start_at, u.end_at, true as upstream
  from upstream_baselines u
  union all
  select b.server, b.stage_id, b.item_id, b.times, b.quantity, b.std_dev, b.start_at, b.end_at, false as upstream
  from matrix_baselines b
  where not exists (select 1 from upstream_fetches f where f.server = b.server);
