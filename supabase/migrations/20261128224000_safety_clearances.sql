-- The safety screen's gate. After a 'yes' to a health question a plan is sold only once the
-- visitor's doctor has cleared them, and that is never a tick in the same visit: the visitor leaves
-- an address, is emailed a link (valid 30 days, only its SHA-256 kept here) and, once cleared, uses
-- it to confirm with their name. The confirming browser is given a pass (also kept only as its
-- SHA-256) that the checkout must bring for an answer set that needs clearance; the order keeps
-- which clearance it was bought under, for the coach.

create table public.safety_clearances (
  id uuid primary key default gen_random_uuid(),
  -- Where the link was sent (lower case) and the inbox it counts against (lib/email/email-address.ts emailIdentity()).
  email text not null check (char_length(email) between 3 and 254 and email = lower(email)),
  email_identity text not null check (char_length(email_identity) between 3 and 254),
  -- The questions answered 'yes' that the clearance covers, and the wording they were answered in.
  reasons text[] not null check (
    cardinality(reasons) between 1 and 3
    and reasons <@ array['type1DiabetesOrInsulin', 'pregnancy', 'eatingDisorderHistory']::text[]
  ),
  screen_version text not null check (char_length(screen_version) between 1 and 40),
  link_token_hash text not null check (link_token_hash ~ '^[0-9a-f]{64}$'),
  link_expires_at timestamptz not null,
  -- The confirmation: when, the name the person gave, the account signed in when it was given (if any).
  confirmed_at timestamptz,
  confirmed_name text check (confirmed_name is null or char_length(confirmed_name) between 1 and 200),
  confirmed_user_id uuid references public.users (id) on delete set null,
  pass_hash text check (pass_hash is null or pass_hash ~ '^[0-9a-f]{64}$'),
  pass_expires_at timestamptz,
  created_at timestamptz not null default now(),
  constraint safety_clearances_link_token_key unique (link_token_hash),
  constraint safety_clearances_pass_key unique (pass_hash),
  constraint safety_clearances_link_expiry check (link_expires_at > created_at),
  -- Confirmed means all of the confirmation's fields; unconfirmed, none of them.
  constraint safety_clearances_confirmation_fields check (
    (confirmed_at is null) = (confirmed_name is null)
    and (confirmed_at is null) = (pass_hash is null)
    and (confirmed_at is null) = (pass_expires_at is null)
    and (confirmed_user_id is null or confirmed_at is not null)
  )
);

-- The per-inbox ledger: links sent to an address in the last day and week.
create index safety_clearances_inbox_idx on public.safety_clearances (email_identity, created_at);

-- Addresses, names and token hashes: the product backend only (operators read them through it).
alter table public.safety_clearances enable row level security;
revoke all on public.safety_clearances from anon, authenticated;
grant all on public.safety_clearances to service_role;

-- The clearance an order was bought under (null: its answers needed none).
alter table public.orders add column safety_clearance_id uuid references public.safety_clearances (id);
create index orders_safety_clearance_idx on public.orders (safety_clearance_id) where safety_clearance_id is not null;
