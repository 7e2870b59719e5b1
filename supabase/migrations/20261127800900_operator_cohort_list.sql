-- The operator's cohort list is read a page at a time in one order (open first, then the
-- latest start, undated first, then id), every key descending, so a keyset page is one index range.
create index cohorts_operator_list_idx on public.cohorts ((closed_at is null), (coalesce(start_cohort_date, 'infinity'::timestamptz)), id);
