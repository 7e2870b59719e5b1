-- Fixed-window request counters for the API's rate limits. They live in Postgres so every app
-- instance shares them (DESIGN §1: nothing a second instance needs is kept in process memory).
create table public.rate_limit_hits (
  bucket text not null check (char_length(bucket) between 1 and 200),
  window_start timestamptz not null,
  hits integer not null default 1 check (hits > 0),
  primary key (bucket, window_start)
);

create index rate_limit_hits_window_idx on public.rate_limit_hits (window_start);

-- Only the product backend touches counters.
alter table public.rate_limit_hits enable row level security;
grant all on public.rate_limit_hits to service_role;
