-- The programme's rhythm (docs/programme.md) welcomes a member soon after they enrol, however far
-- their cohort's start: the scheduler reads the seats enrolled in the last day by this index.
create index cohort_seats_recent_enrolments_idx on public.cohort_seats (enrolled_at)
  where status = 'enrolled' and role = 'participant' and user_id is not null;
