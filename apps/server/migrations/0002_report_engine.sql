-- Reports engine (issue #3): Σq² beside the histogram (stdDev without unpacking jsonb), indexes for
-- custom-window and 24 h queries, and the version row that cache followers poll.
alter table agg_item_daily add column quantity_sq bigint not null default 0;

create index drop_reports_stage_created on drop_reports (server, stage_id, created_at);

insert into properties (key, value, updated_at) values ('aggregates.version', '0', 0) on conflict (key) do nothing;
