-- A player's own reports, newest first, paged by (created_at, report_hash) (GET /_private/report/mine,
-- docs/api-extensions.md §3k): one index range per page, however many reports the account has sent.
create index drop_reports_account_created on drop_reports (account_id, created_at, report_hash);
