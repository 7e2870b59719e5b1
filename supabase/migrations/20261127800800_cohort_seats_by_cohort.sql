-- A cohort's live seats (held and enrolled, in the operator's participant list and its CSV) were
-- read through the whole seat table: the two partial indexes each hold one status, and `status in
-- ('enrolled', 'held')` matches neither. One index by cohort and status serves any such list.
create index cohort_seats_cohort_status_idx on public.cohort_seats (cohort_id, status);
