-- Orders and money: operators find an order (by email, order or Stripe id), read its
-- timeline, resend its receipt or set-up link, move its seat and refund it through Stripe. Money
-- actions need a fresh sign-in (D17): the operator entered their password again within 10 minutes,
-- in this very session.

-- The payment behind an order's first invoice, recorded once Stripe says which it was, so an
-- operator can find the order by the PaymentIntent or the charge a bank or Stripe names.
alter table public.orders
  add column stripe_payment_intent_id text check (stripe_payment_intent_id is null or stripe_payment_intent_id ~ '^pi_[A-Za-z0-9_]{1,250}$'),
  add column stripe_charge_id text check (stripe_charge_id is null or stripe_charge_id ~ '^(ch|py)_[A-Za-z0-9_]{1,250}$'),
  -- Which set-up link of the order is the live one: an operator's resend moves to the next, and
  -- every earlier link stops working (one token per order).
  add column account_setup_generation integer not null default 0 check (account_setup_generation between 0 and 1000);

-- The operator's order list: newest first (or by amount), a page at a time (keyset), searched by
-- an email's beginning, an order id or its reference (the id's first 8 characters, a range of the
-- primary key) or a Stripe id. Each search is one index; none reads the table through.
create index orders_created_idx on public.orders (created_at, id);
create index orders_total_idx on public.orders (total_cents, id);
create index orders_email_search_idx on public.orders (lower(email) text_pattern_ops) where email is not null;
create index orders_subscription_idx on public.orders (stripe_subscription_id) where stripe_subscription_id is not null;
create index orders_customer_idx on public.orders (stripe_customer_id) where stripe_customer_id is not null;
create index orders_payment_intent_idx on public.orders (stripe_payment_intent_id) where stripe_payment_intent_id is not null;
create index orders_charge_idx on public.orders (stripe_charge_id) where stripe_charge_id is not null;

-- An order's timeline shows the Stripe events about it: those whose object is its checkout
-- session, subscription, invoice or charge, those naming its PaymentIntent, and its invoices.
create index stripe_events_object_idx on public.stripe_events ((payload #>> '{data,object,id}'));
create index stripe_events_payment_intent_idx on public.stripe_events ((payload #>> '{data,object,payment_intent}'))
  where payload #>> '{data,object,payment_intent}' is not null;
create index stripe_events_invoice_subscription_idx on public.stripe_events ((payload #>> '{data,object,parent,subscription_details,subscription}'))
  where payload #>> '{data,object,parent,subscription_details,subscription}' is not null;

-- The seats an order has had (its timeline), newest first.
create index cohort_seats_order_idx on public.cohort_seats (order_id, created_at) where order_id is not null;

-- A set-up link an operator replaced stops working; at most one link of an order is not revoked.
-- (Before this migration an order had at most one token: it is derived from the order id.)
alter table public.account_setup_tokens add column revoked_at timestamptz;
create unique index account_setup_tokens_one_live_per_order on public.account_setup_tokens (order_id) where revoked_at is null;

-- A refund an operator asked for: recorded with the job that asks Stripe for it, in one
-- transaction. request_key is the browser's key for one press of the button, so a double click or
-- a replayed request is the same refund; the row's id is the Stripe idempotency key.
-- charge_refunded_cents is what the charge had refunded in all once this refund was made (Stripe's
-- figure), until the charge.refunded webhook records it on the order.
create table public.order_refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id),
  request_key uuid not null unique,
  amount_cents integer not null check (amount_cents > 0),
  reason text not null check (reason in ('requested_by_customer', 'duplicate', 'fraudulent')),
  note text check (note is null or char_length(note) <= 500),
  requested_by uuid,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  stripe_refund_id text check (stripe_refund_id is null or stripe_refund_id ~ '^(re|pyr)_[A-Za-z0-9_]{1,250}$'),
  charge_refunded_cents integer check (charge_refunded_cents is null or charge_refunded_cents >= 0),
  failure text check (failure is null or char_length(failure) <= 2000),
  attempts integer not null default 0 check (attempts >= 0),
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  constraint order_refunds_done_has_time check ((status = 'pending') = (completed_at is null)),
  constraint order_refunds_succeeded_has_refund check (status <> 'succeeded' or stripe_refund_id is not null)
);

create index order_refunds_order_idx on public.order_refunds (order_id, created_at);

-- D17: a fresh sign-in, per Auth session: when the operator last entered their password again in
-- it. Kept on the server, keyed by the session the access token names; a browser cannot make one.
create table public.operator_fresh_sign_ins (
  session_id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  confirmed_at timestamptz not null default now()
);

create index operator_fresh_sign_ins_user_idx on public.operator_fresh_sign_ins (user_id);

-- Operator data: the product backend only.
alter table public.order_refunds enable row level security;
alter table public.operator_fresh_sign_ins enable row level security;
revoke all on public.order_refunds, public.operator_fresh_sign_ins from anon, authenticated;
grant all on public.order_refunds, public.operator_fresh_sign_ins to service_role;
