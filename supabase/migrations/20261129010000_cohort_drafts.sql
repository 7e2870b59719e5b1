-- D17 Cohorts: an operator may save a cohort as a draft and publish it later. A draft is not for
-- sale: the cohort picker does not list it, checkouts and the waitlist refuse it, and the Data API
-- does not show it. published_at is null while a cohort is a draft.

-- Every cohort so far was for sale from the moment it was saved: it counts as published then. A
-- cohort written without naming the column (seeds, scripts) is published as it is saved, as before.
alter table public.cohorts add column published_at timestamptz;
update public.cohorts set published_at = created_at;
alter table public.cohorts alter column published_at set default now();

-- The public read of cohorts (SPEC §6) covers published ones only.
drop policy "Cohorts are readable by everyone" on public.cohorts;
create policy "Published cohorts are readable by everyone"
  on public.cohorts for select
  to anon, authenticated
  using (published_at is not null);

-- The cohort picker's read: upcoming, open and published.
drop index if exists public.cohorts_upcoming_idx;
create index cohorts_upcoming_idx on public.cohorts (language, start_cohort_date)
  where status = 'upcoming' and closed_at is null and published_at is not null;
