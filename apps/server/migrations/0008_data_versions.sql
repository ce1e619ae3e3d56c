-- Game-data versions (issue 36): the seed load records version 1, each applied sync the next one. A version
-- says what it was derived from (source files with SHA-256), how much of each kind of reference data there
-- is and what changed against the version before. Processes follow the newest version to rebuild their
-- in-memory catalog; the sync applies under an advisory lock and checks here that nobody applied first.
create table data_versions (
  version     integer primary key,
  origin      text not null check (origin in ('seed', 'sync')),
  applied_at  bigint not null,
  as_of       bigint not null,
  sources     jsonb not null,
  counts      jsonb not null,
  changes     jsonb not null
);
