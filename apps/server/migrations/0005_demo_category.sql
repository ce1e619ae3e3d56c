-- Simulated demo reports (source dropwise-demo) are aggregated under their own category 'demo' and never
-- under 'all' or their report category (issue #17): the drop matrix, the exports and the all-time site
-- statistics read only real reports, while patterns and trends add the 'demo' rows and say so.
alter table agg_stage_daily drop constraint agg_stage_daily_category_check;
alter table agg_stage_daily add constraint agg_stage_daily_category_check check (category in ('all', 'automated', 'manual', 'demo'));
alter table agg_item_daily drop constraint agg_item_daily_category_check;
alter table agg_item_daily add constraint agg_item_daily_category_check check (category in ('all', 'automated', 'manual', 'demo'));
alter table agg_pattern_daily drop constraint agg_pattern_daily_category_check;
alter table agg_pattern_daily add constraint agg_pattern_daily_category_check check (category in ('all', 'automated', 'manual', 'demo'));
alter table agg_stage_total drop constraint agg_stage_total_category_check;
alter table agg_stage_total add constraint agg_stage_total_category_check check (category in ('all', 'automated', 'manual', 'demo'));
alter table agg_item_total drop constraint agg_item_total_category_check;
alter table agg_item_total add constraint agg_item_total_category_check check (category in ('all', 'automated', 'manual', 'demo'));

-- A database that already holds demo reports counted them under 'all' and 'automated': the aggregates
-- are rebuilt from the reports by the aggregation worker (verification is deterministic; recalled
-- reports, reliability -1, stay out). Databases without demo reports are left untouched.
delete from agg_stage_daily where exists (select 1 from drop_reports where source = 'dropwise-demo');
delete from agg_item_daily where exists (select 1 from drop_reports where source = 'dropwise-demo');
delete from agg_pattern_daily where exists (select 1 from drop_reports where source = 'dropwise-demo');
delete from agg_stage_total where exists (select 1 from drop_reports where source = 'dropwise-demo');
delete from agg_item_total where exists (select 1 from drop_reports where source = 'dropwise-demo');
update drop_reports set reliability = null where reliability >= 0 and exists (select 1 from drop_reports where source = 'dropwise-demo');
