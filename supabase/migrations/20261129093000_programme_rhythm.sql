-- The programme's daily rhythm (docs/programme.md): what the programme says to members before the
-- start, every morning of the bootcamp and after it, sent by the coach bot or by email in the
-- member's own time zone (users.time_zone, D19).

-- The day plans and message texts, editable by an operator without a deploy. A missing key reads
-- as its default in lib/programme/programme-texts.ts; a row replaces it.
create table public.programme_texts (
  key text primary key check (key ~ '^[a-z][a-z0-9-]{1,40}$'),
  body text not null check (char_length(body) between 1 and 2000),
  updated_by uuid references public.users (id) on delete set null,
  updated_at timestamptz not null default now()
);

-- A member's choices: the hour of the morning message (local), the channel, a pause. No row: the
-- defaults (08:00, the bot when linked, not paused). bot_blocked_at: the member blocked the coach
-- bot (Telegram answered 403), so programme messages go by email until they link the bot again.
create table public.programme_preferences (
  user_id uuid primary key references public.users (id) on delete cascade,
  morning_hour smallint not null default 8 check (morning_hour between 0 and 23),
  channel text not null default 'bot' check (channel in ('bot', 'email')),
  paused boolean not null default false,
  bot_blocked_at timestamptz,
  updated_at timestamptz not null default now()
);

-- Every programme message decided for a member: sent by a channel (its outgoing row), or skipped
-- with a reason (its hour long passed after an outage, the start already passed, paused). One per
-- seat, message and the member's local date: the scheduler may run twice, a message goes once.
create table public.programme_sends (
  id uuid primary key default gen_random_uuid(),
  seat_id uuid not null references public.cohort_seats (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  cohort_id uuid not null references public.cohorts (id),
  message text not null check (message in ('enrolled', 'week-before', 'day-before', 'morning', 'feedback', 'story-invite')),
  for_date date not null,
  day smallint check (day is null or day between 1 and 60),
  channel text not null check (channel in ('bot', 'email', 'skipped')),
  skipped_reason text check (skipped_reason is null or char_length(skipped_reason) <= 200),
  telegram_message_id uuid references public.telegram_outgoing_messages (id) on delete set null,
  email_outbox_id uuid references public.email_outbox (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint programme_sends_once unique (seat_id, message, for_date),
  constraint programme_sends_skipped_reason check ((channel = 'skipped') = (skipped_reason is not null))
);
create index programme_sends_cohort_idx on public.programme_sends (cohort_id, created_at desc, id desc);
create index programme_sends_telegram_idx on public.programme_sends (telegram_message_id) where telegram_message_id is not null;

-- What a member answered to the feedback question after the end: 1–5 and one line, kept for the operator.
create table public.programme_feedback (
  seat_id uuid primary key references public.cohort_seats (id) on delete cascade,
  user_id uuid not null references public.users (id) on delete cascade,
  cohort_id uuid not null references public.cohorts (id),
  score smallint not null check (score between 1 and 5),
  comment text check (comment is null or char_length(comment) <= 500),
  created_at timestamptz not null default now()
);
create index programme_feedback_cohort_idx on public.programme_feedback (cohort_id, created_at desc);

-- The scheduler reads the enrolled participants of cohorts near their dates.
create index cohort_seats_enrolled_participants_idx on public.cohort_seats (cohort_id, user_id)
  where status = 'enrolled' and role = 'participant' and user_id is not null;

alter table public.programme_texts enable row level security;
alter table public.programme_preferences enable row level security;
alter table public.programme_sends enable row level security;
alter table public.programme_feedback enable row level security;
-- The product backend only.
revoke all on public.programme_texts, public.programme_preferences, public.programme_sends, public.programme_feedback from anon, authenticated;
