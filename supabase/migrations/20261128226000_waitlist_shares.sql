-- Waitlist shares (DESIGN D17, docs/security.md "The waitlist cannot be cornered"): a cohort's
-- live waitlist entries (waiting, or holding an offer) are capped per client address and per email
-- domain that is no public mailbox provider, so one connection or one catch-all domain cannot queue
-- a row of addresses that take every place a cohort frees, 24 hours each. The caps are counted at
-- the join, over live entries and unexpired unconfirmed requests, so each row carries what it is
-- counted under: a keyed hash of the client address (never the address) and the registrable domain.
-- A member who joined signed in is bound to their account.

alter table public.campaign_confirmations
  add column client_key text check (client_key is null or client_key ~ '^[0-9a-f]{32}$'),
  add column share_domain text check (share_domain is null or char_length(share_domain) between 3 and 254);

alter table public.cohort_waitlist
  add column client_key text check (client_key is null or client_key ~ '^[0-9a-f]{32}$'),
  add column share_domain text check (share_domain is null or char_length(share_domain) between 3 and 254),
  add column user_id uuid references auth.users (id) on delete set null;

-- Live entries of a cohort by client address and by domain, and its pending requests alike.
create index cohort_waitlist_live_client_idx on public.cohort_waitlist (cohort_id, client_key)
  where state in ('waiting', 'offered') and client_key is not null;
create index cohort_waitlist_live_domain_idx on public.cohort_waitlist (cohort_id, share_domain)
  where state in ('waiting', 'offered') and share_domain is not null;
create index campaign_confirmations_waitlist_pending_idx on public.campaign_confirmations (cohort_id, expires_at)
  where purpose = 'waitlist' and confirmed_at is null;
