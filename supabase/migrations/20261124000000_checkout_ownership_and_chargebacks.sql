-- Payments after the security review: a checkout can only be replaced by the browser that opened
-- it (it holds a secret whose hash is kept here), a replaced checkout is marked so that a payment
-- of it is refunded rather than seated, and a lost dispute is an order status of its own.

alter table public.orders
  add column session_secret_hash text check (session_secret_hash is null or session_secret_hash ~ '^[0-9a-f]{64}$'),
  add column replaced_at timestamptz;

alter table public.orders drop constraint orders_status_check;
alter table public.orders add constraint orders_status_check
  check (status in ('pending', 'paid', 'expired', 'failed', 'refunded', 'charged_back'));

alter table public.orders drop constraint orders_paid_has_time;
alter table public.orders add constraint orders_paid_has_time
  check ((status in ('paid', 'refunded', 'charged_back')) = (paid_at is not null));

-- A replaced checkout was open when it was replaced, and is closed from then on.
alter table public.orders add constraint orders_replaced_was_closed
  check (replaced_at is null or status <> 'pending');

-- A member's open checkouts for a cohort, found when they open a new one there.
create index orders_member_pending_idx on public.orders (user_id, cohort_id) where status = 'pending';
