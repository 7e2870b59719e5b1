-- Referral visits and leads beyond a daily ceiling are kept but flagged, and
-- only unflagged rows count in the affiliate's numbers. A visit keeps a keyed hash of the client
-- address it came from (never the address), so visits from one address can be counted.

alter table public.referral_visits
  add column client_key text check (client_key is null or client_key ~ '^[0-9a-f]{32}$'),
  add column flagged_reason text check (flagged_reason is null or flagged_reason in ('address_daily_ceiling', 'affiliate_daily_ceiling'));

create index referral_visits_affiliate_day_idx on public.referral_visits (affiliate_user_id, first_seen_at);

alter table public.referral_leads
  add column flagged_reason text check (flagged_reason is null or flagged_reason in ('affiliate_daily_ceiling'));

create index referral_leads_affiliate_day_idx on public.referral_leads (affiliate_user_id, created_at);
