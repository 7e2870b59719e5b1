-- D6: newsletter sign-ups from the footer form are kept. One row per address.
create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) between 3 and 254 and email = lower(email)),
  source text not null default 'footer' check (char_length(source) between 1 and 64),
  created_at timestamptz not null default now(),
  constraint newsletter_subscribers_email_key unique (email)
);

-- Only the product backend (service role / direct connection) reads or writes subscribers.
alter table public.newsletter_subscribers enable row level security;

grant all on public.newsletter_subscribers to service_role;
