-- An operator removes a waiting entry from a cohort's waitlist, with a reason the team keeps: the
-- entry stays (its queue number is not reused, the audit log names it) in the state 'removed'. Only
-- an entry still waiting can be removed, so a removed entry never had an offer.
alter table public.cohort_waitlist drop constraint cohort_waitlist_state_check;
alter table public.cohort_waitlist
  add constraint cohort_waitlist_state_check check (state in ('waiting', 'offered', 'claimed', 'passed', 'removed'));

alter table public.cohort_waitlist
  add column removed_at timestamptz,
  add column removed_by uuid references public.users (id) on delete set null,
  add column removed_reason text check (removed_reason is null or char_length(removed_reason) between 1 and 500);

alter table public.cohort_waitlist drop constraint cohort_waitlist_offer_fields;
alter table public.cohort_waitlist add constraint cohort_waitlist_offer_fields check (
  (state in ('waiting', 'removed')) = (offered_at is null)
  and (offered_at is null) = (offer_expires_at is null)
  and (offered_at is null) = (seat_id is null)
  and (offered_at is null) = (offer_token_hash is null)
  and (offer_expires_at is null or offer_expires_at > offered_at)
);
alter table public.cohort_waitlist
  add constraint cohort_waitlist_removed_fields check ((state = 'removed') = (removed_at is not null and removed_reason is not null)),
  add constraint cohort_waitlist_remover check (removed_by is null or removed_at is not null);
