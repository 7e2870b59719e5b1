-- Local and preview data: upcoming cohorts spread over this month and the next three, relative to
-- today, so the cohort picker always has something to show. Their places are taken by paid
-- participants (none is merely held by an open checkout): an enrolled seat each, so the counters,
-- the participant lists and the free places agree. Re-running moves the seeded cohorts' dates
-- forward again and adds no seat; the seeded cohorts' counters are counted again from their seats.
with seed (id, cohort_name, cohort_description, status, language, start_at, duration_days,
           participant_cap) as (
  values
    ('0c0a0000-0000-4000-8000-000000000001'::uuid, 'Kickstart Cohort',
     'Start this week: seven days of observing your normal meals, then seven days of small experiments with your coach.',
     'upcoming', 'en', current_date + 3, 14, 20),
    ('0c0a0000-0000-4000-8000-000000000002'::uuid, 'Holiday Steady Cohort',
     'Learn which festive foods spike you and which swaps keep your energy steady through the season.',
     'upcoming', 'en', (date_trunc('month', current_date) + interval '1 month 4 days')::date, 14, 20),
    ('0c0a0000-0000-4000-8000-000000000003'::uuid, 'Metabolic Reset Cohort',
     'A calm restart: sleep, walking after meals and breakfast experiments, with two live group calls.',
     'upcoming', 'en', (date_trunc('month', current_date) + interval '1 month 18 days')::date, 14, 25),
    ('0c0a0000-0000-4000-8000-000000000004'::uuid, 'Desk Worker Energy Cohort',
     'For long screen days: find the lunch that avoids the 3 pm crash and test movement snacks.',
     'upcoming', 'en', (date_trunc('month', current_date) + interval '2 months 8 days')::date, 14, 30),
    ('0c0a0000-0000-4000-8000-000000000005'::uuid, 'Plant-Forward Cohort',
     'Vegetarian and vegan friendly: test fibre, protein pairing and meal order on your own curve.',
     'upcoming', 'en', (date_trunc('month', current_date) + interval '2 months 20 days')::date, 21, 20),
    ('0c0a0000-0000-4000-8000-000000000006'::uuid, 'Spring Glucose Detective Cohort',
     'Two weeks of curiosity: coffee, fruit, late dinners. Which of your assumptions hold up?',
     'upcoming', 'en', (date_trunc('month', current_date) + interval '3 months 6 days')::date, 14, 24),
    ('0c0a0000-0000-4000-8000-000000000007'::uuid, 'Founders Waitlist Cohort',
     'Dates are set once the group fills. Join early and help choose the start week.',
     'upcoming', 'en', null, 14, 15),
    ('0c0a0000-0000-4000-8000-000000000008'::uuid, 'Cohorte Glucosa Estable',
     'Catorce días con tu coach en español: siete para observar, siete para experimentar.',
     'upcoming', 'es', (date_trunc('month', current_date) + interval '2 months 12 days')::date, 14, 20),
    ('0c0a0000-0000-4000-8000-000000000009'::uuid, 'Autumn Cohort',
     'Running now: participants are in the experimenting week.',
     'active', 'en', current_date - 9, 14, 20)
)
insert into public.cohorts as c (
  id, cohort_name, cohort_description, status, language, start_cohort_date, end_cohort_date,
  end_postcohort_date, duration_days, participant_cap
)
select
  id, cohort_name, cohort_description, status, language,
  start_at::timestamptz,
  case when start_at is null then null else (start_at + duration_days)::timestamptz end,
  case when start_at is null then null else (start_at + duration_days + 30)::timestamptz end,
  duration_days, participant_cap
from seed
on conflict (id) do update set
  start_cohort_date = excluded.start_cohort_date,
  end_cohort_date = excluded.end_cohort_date,
  end_postcohort_date = excluded.end_postcohort_date;

-- The paid places: one enrolled seat per participant, with an id of its own (cohort and number), so
-- a re-run adds none and a seat since released or moved stays as it is.
insert into public.cohort_seats (id, cohort_id, email, status, enrolled_at)
select
  md5(c.id::text || ':seat:' || n)::uuid, c.id,
  format('participant-%s-%s@example.com', right(c.id::text, 2), n),
  'enrolled', now() - interval '30 days' + n * interval '1 hour'
from (values
    ('0c0a0000-0000-4000-8000-000000000001'::uuid, 6),
    ('0c0a0000-0000-4000-8000-000000000002'::uuid, 20),
    ('0c0a0000-0000-4000-8000-000000000003'::uuid, 23),
    ('0c0a0000-0000-4000-8000-000000000004'::uuid, 9),
    ('0c0a0000-0000-4000-8000-000000000005'::uuid, 4),
    ('0c0a0000-0000-4000-8000-000000000006'::uuid, 0),
    ('0c0a0000-0000-4000-8000-000000000007'::uuid, 3),
    ('0c0a0000-0000-4000-8000-000000000008'::uuid, 5),
    ('0c0a0000-0000-4000-8000-000000000009'::uuid, 18)
  ) as paid (cohort_id, seats)
  join public.cohorts c on c.id = paid.cohort_id
  cross join generate_series(1, paid.seats) as n
on conflict (id) do nothing;

-- The counters (every live seat in prospective_participant_count, every enrolled one also in
-- participant_count) counted from the seats, which also mends a database seeded when the seed set
-- the counters without seats.
update public.cohorts c
set participant_count = counted.enrolled, prospective_participant_count = counted.live
from (
  select c.id,
    count(s.id) filter (where s.status = 'enrolled')::int as enrolled,
    count(s.id) filter (where s.status in ('enrolled', 'held'))::int as live
  from public.cohorts c left join public.cohort_seats s on s.cohort_id = c.id
  where c.id::text like '0c0a0000-0000-4000-8000-00000000000_'
  group by c.id
) counted
where c.id = counted.id
  and (c.participant_count, c.prospective_participant_count) is distinct from (counted.enrolled, counted.live);
