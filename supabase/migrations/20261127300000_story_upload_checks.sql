-- An issued story upload is recorded with what the browser announced (its type
-- and size), so the video a story names is checked against it; and story video bytes are counted
-- per UTC day, per client address and in total, so upload URLs stop once a day's quota is used.
alter table public.story_uploads
  add column content_type text check (content_type in ('video/webm', 'video/mp4', 'video/quicktime')),
  add column declared_bytes bigint check (declared_bytes > 0);

-- One row per day and client address, and one per day with client_key '*' for the total. Rows are
-- updated with a conditional increment, so concurrent requests never pass a quota together.
create table public.story_upload_daily_bytes (
  day date not null,
  client_key text not null,
  bytes bigint not null default 0 check (bytes >= 0),
  primary key (day, client_key)
);

-- Only the product backend reads and writes it.
alter table public.story_upload_daily_bytes enable row level security;
revoke all on public.story_upload_daily_bytes from anon, authenticated;
grant all on public.story_upload_daily_bytes to service_role;
