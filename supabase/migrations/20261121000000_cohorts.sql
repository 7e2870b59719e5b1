-- Cohorts: the groups a participant joins for the 14-day bootcamp (SPEC §3 Cohort).
create or replace function public.set_updated_at() returns trigger
language plpgsql
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create table public.cohorts (
  id uuid primary key default gen_random_uuid(),
  cohort_name text not null check (char_length(cohort_name) between 1 and 120),
  cohort_description text not null default '' check (char_length(cohort_description) <= 2000),
  status text not null default 'upcoming'
    check (status in ('upcoming', 'active', 'postcohort', 'completed')),
  language text not null default 'en' check (language ~ '^[a-z]{2}(-[A-Z]{2})?$'),
  start_cohort_date timestamptz,
  end_cohort_date timestamptz,
  end_postcohort_date timestamptz,
  duration_days integer not null default 14 check (duration_days between 1 and 365),
  participant_cap integer not null check (participant_cap between 1 and 10000),
  participant_count integer not null default 0 check (participant_count >= 0),
  prospective_participant_count integer not null default 0 check (prospective_participant_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint cohorts_participants_within_cap check (participant_count <= participant_cap),
  constraint cohorts_prospective_within_cap check (prospective_participant_count <= participant_cap),
  constraint cohorts_end_needs_start check (end_cohort_date is null or start_cohort_date is not null),
  constraint cohorts_end_after_start check (end_cohort_date is null or end_cohort_date >= start_cohort_date),
  constraint cohorts_postcohort_after_end
    check (end_postcohort_date is null or (end_cohort_date is not null and end_postcohort_date >= end_cohort_date))
);

create index cohorts_upcoming_idx on public.cohorts (language, start_cohort_date) where status = 'upcoming';

create trigger cohorts_set_updated_at
  before update on public.cohorts
  for each row execute function public.set_updated_at();

alter table public.cohorts enable row level security;

-- The cohort list and details are public (SPEC §6); writes go through the product backend only.
create policy "Cohorts are readable by everyone"
  on public.cohorts for select
  to anon, authenticated
  using (true);

grant select on public.cohorts to anon, authenticated;
grant all on public.cohorts to service_role;
