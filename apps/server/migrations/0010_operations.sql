-- Running the site over time (issue 36 item 5): notices edited and retired by operators, rejection rules
-- (api-v2 §7.4 codes 256-1023) applied to past and future reports, and the audit of every operator change.

alter table notices add column created_at bigint;
alter table notices add column updated_at bigint;
-- A retired notice stays for the record and is no longer served by /notice.
alter table notices add column retired_at bigint;

create table rejection_rules (
  rule_id      bigint generated always as identity primary key,
  reliability  smallint not null check (reliability between 256 and 1023),
  server       text check (server in ('CN', 'US', 'JP', 'KR')),
  source       text,
  version      text,
  stage_id     text,
  from_at      bigint,
  until_at     bigint,
  note         text,
  created_at   bigint not null,
  -- Removed rules stay (the audit and the reports' rule_id point at them); removed_at null = active.
  removed_at   bigint
);

-- The rule that rejected a report (reliability = its code): removing the rule restores exactly these.
alter table drop_reports add column rule_id bigint references rejection_rules (rule_id);
create index drop_reports_rule on drop_reports (rule_id) where rule_id is not null;

create table ops_audit (
  audit_id  bigint generated always as identity primary key,
  at        bigint not null,
  actor     text not null,
  action    text not null,
  target    text,
  before    jsonb,
  after     jsonb
);
