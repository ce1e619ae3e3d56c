-- Versioned open data (issue 40 item 2): daily and per-game-data-version snapshots of the matrices, pattern
-- matrices and site statistics per server, as gzip files with the licence inside. Kept in the database so
-- every process serves the same files after any restart; pruned after 30 days.
create table export_snapshots (
  snapshot_id        text primary key,
  kind               text not null check (kind in ('daily', 'version')),
  as_of              bigint not null,
  aggregates_version bigint not null,
  game_data_version  integer not null,
  created_at         bigint not null
);
create index export_snapshots_created on export_snapshots (created_at);

create table export_files (
  snapshot_id text not null references export_snapshots (snapshot_id) on delete cascade,
  name        text not null,
  server      text not null check (server in ('CN', 'US', 'JP', 'KR')),
  format      text not null check (format in ('json', 'csv')),
  tbl         text not null,
  sha256      text not null,
  bytes       integer not null,
  body        bytea not null,
  primary key (snapshot_id, name)
);
