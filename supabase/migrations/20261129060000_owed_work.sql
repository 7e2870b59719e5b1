-- Work we owe someone, in one vocabulary (docs/architecture.md, "Work we owe"): every outbox-like
-- table is presented here as direction (in: a message we received and must process; out: one we
-- must deliver), channel, key, state (queued | done | failed), attempts, last error, when it was
-- created and when it finished. The tables keep their own columns; code that writes them is unchanged.
--
-- queued: still owed, and a job will try it (again) by itself.
-- failed: given up on: the last attempt ran out, or the other side refused it for good (a mail
--         server rejecting the address, Telegram's "undeliverable": the bot blocked, the chat gone).
-- done:   delivered or processed.
--
-- Each table appears once per state, with that state's condition, so a read that leaves out done
-- work (the Health page) skips those branches altogether and reads the rest through the partial
-- indexes of unfinished and failed rows. Every branch has the same column types, so the planner
-- reads the union as one list of tables.
create view public.owed_work with (security_invoker = on) as
  select 'out'::text as direction, 'email'::text as channel, id::text as key, 'queued'::text as state,
    kind || ' to ' || recipient as about, attempts, last_error, created_at, null::timestamptz as finished_at
  from public.email_outbox where status = 'queued'
  union all
  select 'out', 'email', id::text, 'failed', kind || ' to ' || recipient, attempts, last_error, created_at, last_attempt_at
  from public.email_outbox where status = 'failed'
  union all
  select 'out', 'email', id::text, 'done', kind || ' to ' || recipient, attempts, last_error, created_at, sent_at
  from public.email_outbox where status = 'sent'
  union all
  select 'out', 'telegram', id::text, 'queued', 'chat ' || chat_id, attempts, last_error, created_at, null::timestamptz
  from public.telegram_outgoing_messages where sent_at is null
  union all
  select 'out', 'telegram', id::text, 'failed', 'chat ' || chat_id, attempts, last_error, created_at, sent_at
  from public.telegram_outgoing_messages where outcome = 'undeliverable'
  union all
  select 'out', 'telegram', id::text, 'done', 'chat ' || chat_id, attempts, last_error, created_at, sent_at
  from public.telegram_outgoing_messages where outcome = 'sent'
  union all
  select 'in', 'stripe', id, 'queued', type, attempts, last_error, received_at, null::timestamptz
  from public.stripe_events where processed_at is null
  union all
  select 'in', 'stripe', id, 'done', type, attempts, last_error, received_at, processed_at
  from public.stripe_events where processed_at is not null
  union all
  select 'in', 'telegram', update_id::text, 'queued', 'update ' || update_id, attempts, last_error, received_at, null::timestamptz
  from public.telegram_updates where processed_at is null
  union all
  select 'in', 'telegram', update_id::text, 'failed', 'update ' || update_id, attempts, last_error, received_at, processed_at
  from public.telegram_updates where outcome = 'undeliverable'
  union all
  select 'in', 'telegram', update_id::text, 'done', 'update ' || update_id, attempts, last_error, received_at, processed_at
  from public.telegram_updates where outcome = 'handled';

comment on view public.owed_work is
  'Work we owe someone, in and out, in one vocabulary: direction, channel, key, state (queued | done | failed), attempts, last_error, created_at, finished_at.';

-- The unfinished and failed rows the view's readers look for, so none reads a whole table.
-- (Emails: email_outbox_unsent_idx; Stripe events and unprocessed updates: their unprocessed indexes.)
create index telegram_outgoing_messages_unsent_idx on public.telegram_outgoing_messages (created_at) where sent_at is null;
create index telegram_outgoing_messages_undeliverable_idx on public.telegram_outgoing_messages (created_at) where outcome = 'undeliverable';
create index telegram_updates_undeliverable_idx on public.telegram_updates (received_at) where outcome = 'undeliverable';

-- Like the tables it reads: the product backend only.
revoke all on public.owed_work from anon, authenticated;
grant select on public.owed_work to service_role;
