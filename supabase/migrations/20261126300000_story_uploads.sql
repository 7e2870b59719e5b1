-- D16: orphaned story uploads are deleted once their signed upload URL has lapsed. Every URL the
-- backend issues is recorded here first, so the clean-up finds uploads no story names without
-- listing the whole bucket; a row goes when its object is deleted or a story keeps it.
create table public.story_uploads (
  path text primary key check (path ~ '^stories/[0-9a-f-]{36}\.(webm|mp4|mov)$'),
  issued_at timestamptz not null default now()
);

create index story_uploads_issued_idx on public.story_uploads (issued_at);

-- The clean-up asks, for each lapsed upload, whether a story names it.
create index campaign_stories_media_path_idx on public.campaign_stories (media_path) where media_path is not null;

-- Only the product backend reads and writes it.
alter table public.story_uploads enable row level security;
revoke all on public.story_uploads from anon, authenticated;
grant all on public.story_uploads to service_role;
