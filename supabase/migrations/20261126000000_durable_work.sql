-- D16: side effects are jobs of the job engine (pg-boss, in its own schema "pgboss", installed by
-- the engine on start). This migration keeps what the product itself must know about them.

-- A verified Stripe event is stored whole and answered at once; a job processes it. processed_at is
-- set when its work has committed, never before; attempts and last_error say how it is going.
alter table public.stripe_events
  add column payload jsonb check (payload is null or jsonb_typeof(payload) = 'object'),
  add column attempts integer not null default 0 check (attempts >= 0),
  add column last_error text check (last_error is null or char_length(last_error) <= 2000);

create index stripe_events_unprocessed_idx on public.stripe_events (received_at) where processed_at is null;

-- The transactional outbox: every email the product sends is a row written in the same transaction
-- as the change it is about, and sent by a job at least once. A dedupe key (such as the receipt of
-- one order) makes queueing the same email twice a no-op.
create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind ~ '^[a-z][a-z0-9-]{1,40}$'),
  recipient text not null check (char_length(recipient) between 3 and 254),
  data jsonb not null default '{}'::jsonb check (jsonb_typeof(data) = 'object'),
  dedupe_key text unique check (dedupe_key is null or char_length(dedupe_key) between 1 and 200),
  order_id uuid references public.orders (id) on delete set null,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text check (last_error is null or char_length(last_error) <= 2000),
  created_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  sent_at timestamptz,
  constraint email_outbox_sent_has_time check ((status = 'sent') = (sent_at is not null))
);

-- An order's emails are its outbox rows now; the claim column that stood for them goes.
alter table public.orders drop column emails_sent_at;

create index email_outbox_order_idx on public.email_outbox (order_id) where order_id is not null;
create index email_outbox_unsent_idx on public.email_outbox (created_at) where status <> 'sent';

-- Only the product backend reads and writes them.
alter table public.email_outbox enable row level security;
grant all on public.email_outbox to service_role;
