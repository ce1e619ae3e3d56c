-- Bounded storage for recognition defect reports (issue 37): the bytes each defect holds (its
-- environment and result as stored, plus a fixed row overhead; the screenshot is image_bytes), one row
-- counting the bytes of every defect together (reserved in the same transaction as a store, so no
-- process can pass the total), and an index for the purge of expired defects.
alter table recognition_defects add column body_bytes integer not null default 0;
update recognition_defects set body_bytes = octet_length(environment::text) + octet_length(result::text) + 256;
create index recognition_defects_created on recognition_defects (created_at);

create table defect_storage (
  id     boolean primary key default true check (id),
  bytes  bigint not null check (bytes >= 0)
);
insert into defect_storage (bytes)
select coalesce(sum(body_bytes + coalesce(image_bytes, 0)), 0) from recognition_defects;
