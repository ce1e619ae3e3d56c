-- Defect reports from screenshot recognition (issue #8): what the recogniser saw, its environment, and
-- the screenshot the player chose to upload (kept for the operator to improve the recogniser).
create table recognition_defects (
  defect_id     text primary key,
  created_at    bigint not null,
  environment   jsonb not null,
  result        jsonb not null,
  upload_token  text not null,
  ip            text,
  image         bytea,
  image_type    text,
  image_bytes   integer,
  uploaded_at   bigint
);
