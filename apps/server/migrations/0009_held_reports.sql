-- Held reports (issue #36 item 3): a report for a stage, or carrying items, that the reference data does
-- not know yet is kept here as received and answered 200, so clients such as MAA, which never retry a
-- 4xx, lose nothing on an event's first day. It stays out of every number (no aggregate, personal or
-- advanced query reads this table) until a data version knows its stage and items; then it moves to
-- drop_reports with reliability null and is verified like any report. Unexplained after 14 days: rejected.
create table held_reports (
  held_id          bigint generated always as identity primary key,
  report_hash      text not null unique,
  server           text not null check (server in ('CN', 'US', 'JP', 'KR')),
  -- No foreign key: the stage may not exist yet.
  stage_id         text not null,
  -- Submitted drops after recruit-tag resolution, merged by (type, item), canonical drop types.
  drops            jsonb not null,
  -- As submitted (null when absent): gacha runs are counted from the drops once the stage is known.
  times            smallint check (times between 0 and 1000),
  account_id       bigint not null references accounts (account_id),
  source           text not null,
  version          text not null,
  category         text not null check (category in ('automated', 'manual')),
  created_at       bigint not null,
  ip               text,
  md5              text,
  metadata         jsonb,
  held_reason      text not null check (held_reason in ('unknown-stage', 'unknown-items')),
  -- Item ids the data did not know when the report arrived, sorted (a json array).
  unknown_items    jsonb not null default '[]',
  state            text not null default 'held' check (state in ('held', 'released', 'rejected', 'recalled')),
  decided_at       bigint,
  rejected_reason  text
);
create index held_reports_pending on held_reports (stage_id) where state = 'held';
create index held_reports_account on held_reports (account_id, created_at);
