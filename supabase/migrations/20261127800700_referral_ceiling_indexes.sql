-- The daily ceilings (20261127400000_referral_ceilings.sql) count an affiliate's counted visits and
-- leads of the UTC day before each new one. Their index held flagged rows too, so every visit read
-- all of the day's visits, however many an attack had flagged. These partial indexes hold only the
-- counted ones: a check reads at most the ceiling's rows (500 visits, 5 per address, 25 leads).
create index referral_visits_counted_day_idx on public.referral_visits (affiliate_user_id, first_seen_at, client_key)
  where flagged_reason is null;
create index referral_leads_counted_day_idx on public.referral_leads (affiliate_user_id, created_at)
  where flagged_reason is null;
