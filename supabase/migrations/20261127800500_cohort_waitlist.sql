-- Waitlist: a full cohort takes addresses in a queue. An address joins by confirming it
-- (D18: the request waits in campaign_confirmations, purpose 'waitlist', sharing the per-address
-- ledger of confirmation emails); only a confirmed address has an entry here, so an unconfirmed
-- one is never offered anything. When a place frees, the next waiting entry is offered it: a seat
-- held for it for 24 hours (a cohort_seats row, status 'held', no order yet) and an email with a
-- single-use claim link, whose token is kept only as its SHA-256.

alter table public.campaign_confirmations drop constraint campaign_confirmations_purpose_check;
alter table public.campaign_confirmations
  add constraint campaign_confirmations_purpose_check check (purpose in ('pledge', 'partner', 'story-contact', 'waitlist'));

alter table public.campaign_confirmations add column cohort_id uuid references public.cohorts (id);

-- A waitlist request names its cohort and, like a story request, no name (the form asks for none).
alter table public.campaign_confirmations drop constraint campaign_confirmations_story_fields;
alter table public.campaign_confirmations add constraint campaign_confirmations_story_fields check (
  (purpose = 'story-contact') = (story_format is not null)
  and (purpose in ('story-contact', 'waitlist')) = (name is null)
);
alter table public.campaign_confirmations add constraint campaign_confirmations_waitlist_fields check (
  (purpose = 'waitlist') = (cohort_id is not null)
);

create table public.cohort_waitlist (
  id uuid primary key default gen_random_uuid(),
  cohort_id uuid not null references public.cohorts (id),
  -- The place in the cohort's queue: 1, 2, 3 ... in the order addresses confirmed (under the cohort's row lock).
  queue_number integer not null check (queue_number > 0),
  email text not null check (char_length(email) between 3 and 254 and email = lower(email)),
  -- One person per inbox (case, +tags, Gmail dots): lib/email/email-address.ts emailIdentity().
  email_identity text not null check (char_length(email_identity) between 3 and 254),
  -- When the address asked (the confirmation request) and when it confirmed (its entry was made).
  joined_at timestamptz not null,
  confirmed_at timestamptz not null default now(),
  state text not null default 'waiting' check (state in ('waiting', 'offered', 'claimed', 'passed')),
  -- The offer: the seat held for this entry and its claim link's token hash.
  seat_id uuid references public.cohort_seats (id),
  offer_token_hash text check (offer_token_hash is null or offer_token_hash ~ '^[0-9a-f]{64}$'),
  offered_at timestamptz,
  offer_expires_at timestamptz,
  -- Paid for through the claim link, or let lapse (the place passed to the next entry).
  claimed_at timestamptz,
  passed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint cohort_waitlist_queue_key unique (cohort_id, queue_number),
  constraint cohort_waitlist_token_key unique (offer_token_hash),
  constraint cohort_waitlist_seat_key unique (seat_id),
  constraint cohort_waitlist_confirmed_after_joined check (confirmed_at >= joined_at),
  -- Waiting means no offer yet; every other state has had its offer, with all of its fields.
  constraint cohort_waitlist_offer_fields check (
    (state = 'waiting') = (offered_at is null)
    and (offered_at is null) = (offer_expires_at is null)
    and (offered_at is null) = (seat_id is null)
    and (offered_at is null) = (offer_token_hash is null)
    and (offer_expires_at is null or offer_expires_at > offered_at)
  ),
  constraint cohort_waitlist_claimed_time check ((state = 'claimed') = (claimed_at is not null)),
  constraint cohort_waitlist_passed_time check ((state = 'passed') = (passed_at is not null))
);

-- One live entry (waiting, or holding an offer) per inbox and cohort; after a claim or a lapse the
-- address may queue again, at the end.
create unique index cohort_waitlist_one_live_per_address on public.cohort_waitlist (cohort_id, email_identity)
  where state in ('waiting', 'offered');
-- The next waiting entries of a cohort, in queue order.
create index cohort_waitlist_waiting_idx on public.cohort_waitlist (cohort_id, queue_number) where state = 'waiting';
-- Offers whose 24 hours have run out.
create index cohort_waitlist_offer_expiry_idx on public.cohort_waitlist (offer_expires_at) where state = 'offered';

create trigger cohort_waitlist_set_updated_at
  before update on public.cohort_waitlist
  for each row execute function public.set_updated_at();

-- Addresses and offer tokens: the product backend only (operators read them through it).
alter table public.cohort_waitlist enable row level security;
revoke all on public.cohort_waitlist from anon, authenticated;
grant all on public.cohort_waitlist to service_role;
