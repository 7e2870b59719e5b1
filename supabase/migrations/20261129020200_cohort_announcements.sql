-- An operator emails a cohort's participants (a change of start time, a welcome note): each
-- announcement is kept with who sent it and to how many, and every email goes through the outbox in
-- the same transaction. An inbox can unsubscribe from announcements; receipts, account and refund
-- emails still reach it (they are about the person's own order, not announcements).
create table public.cohort_announcements (
  id uuid primary key default gen_random_uuid(),
  cohort_id uuid not null references public.cohorts (id),
  subject text not null check (char_length(subject) between 1 and 150),
  body text not null check (char_length(body) between 1 and 5000),
  sent_by uuid references public.users (id) on delete set null,
  recipients integer not null check (recipients >= 0),
  created_at timestamptz not null default now()
);

create index cohort_announcements_cohort_idx on public.cohort_announcements (cohort_id, created_at desc);

-- One row per inbox (lib/email/email-address.ts emailIdentity()) that asked for no more announcements.
create table public.announcement_unsubscribes (
  email_identity text primary key check (char_length(email_identity) between 3 and 254 and email_identity = lower(email_identity)),
  unsubscribed_at timestamptz not null default now()
);

-- Addresses and the team's words: the product backend only.
alter table public.cohort_announcements enable row level security;
alter table public.announcement_unsubscribes enable row level security;
revoke all on public.cohort_announcements from anon, authenticated;
revoke all on public.announcement_unsubscribes from anon, authenticated;
grant all on public.cohort_announcements to service_role;
grant all on public.announcement_unsubscribes to service_role;
