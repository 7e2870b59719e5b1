-- Real-user Web Vitals (LCP, INP, CLS) the site's pages report from visitors' browsers, sampled.
-- Only route patterns are kept (never a query string), with no address or account: nothing personal.
create table public.web_vitals (
  id uuid primary key default gen_random_uuid(),
  page text not null check (char_length(page) between 1 and 64),
  name text not null check (name in ('LCP', 'INP', 'CLS')),
  value double precision not null check (value >= 0),
  -- The browser's id for this page load and metric; a replayed report is kept once.
  report_id text not null check (char_length(report_id) between 1 and 64),
  created_at timestamptz not null default now(),
  constraint web_vitals_report_key unique (report_id, name)
);

create index web_vitals_created_idx on public.web_vitals (created_at, page, name);

-- Only the product backend writes and reads them.
alter table public.web_vitals enable row level security;
grant all on public.web_vitals to service_role;
