-- D18: a pledge or partner pledge waits here until its address confirms it. The address is sent one
-- confirmation email (no visitor-written text in it) with a single-use link; only when the link is
-- used does the pledge get its number, or the partner pledge its row, and their emails follow.
-- campaign_pledges and campaign_partners keep holding confirmed pledges only.
--
-- The rows are also the per-address ledger of confirmation emails: the backend sends at most one
-- per address a day and three a week (counted per email_identity, so a +tag, capitals or Gmail's
-- dots do not make a second recipient of one inbox).
create table public.campaign_confirmations (
  id uuid primary key,
  -- SHA-256 (hex) of the link's token; the token itself is never stored.
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
  purpose text not null check (purpose in ('pledge', 'partner')),
  email text not null check (char_length(email) between 3 and 254 and email = lower(email)),
  email_identity text not null check (char_length(email_identity) between 3 and 254),
  name text not null check (char_length(name) between 1 and 100),
  org_name text check (org_name is null or char_length(org_name) between 1 and 150),
  org_type text check (org_type is null or org_type in ('government', 'ngo', 'enterprise', 'education', 'healthcare', 'other')),
  region text check (region is null or region in ('north-america', 'south-america', 'europe', 'africa', 'asia-pacific', 'middle-east')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  confirmed_at timestamptz,
  constraint campaign_confirmations_token_key unique (token_hash),
  -- A partner pledge has its organisation; a pledge has none.
  constraint campaign_confirmations_partner_fields check (
    (purpose = 'partner') = (org_name is not null and org_type is not null and region is not null)
    and (purpose = 'partner' or (org_name is null and org_type is null and region is null))
  ),
  constraint campaign_confirmations_expiry check (expires_at > created_at)
);

-- The per-address count of recent confirmation emails.
create index campaign_confirmations_identity_idx on public.campaign_confirmations (email_identity, created_at);
-- The pruning job's scan.
create index campaign_confirmations_created_idx on public.campaign_confirmations (created_at);

-- Only the product backend reads and writes it.
alter table public.campaign_confirmations enable row level security;
revoke all on public.campaign_confirmations from anon, authenticated;
grant all on public.campaign_confirmations to service_role;
