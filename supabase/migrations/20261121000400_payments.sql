-- Payments (DESIGN D1–D4): one order per checkout session, the cohort seat it holds, the Stripe
-- subscription it starts, the Stripe events already processed and the account set-up links of
-- buyers who paid without an account (D2). Money is integer cents.

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  stripe_checkout_session_id text unique check (stripe_checkout_session_id ~ '^cs_[A-Za-z0-9_]{1,250}$'),
  email text check (email is null or char_length(email) between 3 and 254),
  user_id uuid references auth.users (id) on delete set null,
  plan_type text not null check (plan_type in ('starter', 'popular', 'premium')),
  plan_name text not null check (char_length(plan_name) between 1 and 60),
  has_cgm boolean not null,
  cohort_id uuid not null references public.cohorts (id),
  currency text not null default 'usd' check (currency ~ '^[a-z]{3}$'),
  subtotal_cents integer not null check (subtotal_cents >= 0),
  discount_cents integer not null default 0 check (discount_cents >= 0),
  tax_cents integer not null check (tax_cents >= 0),
  total_cents integer not null check (total_cents >= 0),
  refunded_cents integer not null default 0 check (refunded_cents >= 0),
  coupon_code text check (coupon_code is null or coupon_code ~ '^[A-Za-z0-9-]{1,40}$'),
  stripe_promotion_code_id text,
  referral_id text check (referral_id is null or referral_id ~ '^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$'),
  affiliate_user_id uuid references auth.users (id) on delete set null,
  utm jsonb not null default '{}'::jsonb check (jsonb_typeof(utm) = 'object'),
  referrer_url text check (referrer_url is null or char_length(referrer_url) <= 2048),
  user_info jsonb check (user_info is null or jsonb_typeof(user_info) = 'object'),
  questionnaire jsonb check (questionnaire is null or jsonb_typeof(questionnaire) = 'object'),
  source text check (source is null or char_length(source) <= 60),
  status text not null default 'pending' check (status in ('pending', 'paid', 'expired', 'failed', 'refunded')),
  stripe_customer_id text,
  stripe_subscription_id text,
  stripe_invoice_id text,
  paid_at timestamptz,
  emails_sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint orders_total_adds_up check (total_cents = subtotal_cents - discount_cents + tax_cents),
  constraint orders_refund_within_total check (refunded_cents <= total_cents),
  constraint orders_paid_has_time check ((status in ('paid', 'refunded')) = (paid_at is not null))
);

create index orders_user_idx on public.orders (user_id) where user_id is not null;
create index orders_email_idx on public.orders (email) where email is not null;
create index orders_invoice_idx on public.orders (stripe_invoice_id) where stripe_invoice_id is not null;
create index orders_affiliate_idx on public.orders (affiliate_user_id) where affiliate_user_id is not null;

create trigger orders_set_updated_at
  before update on public.orders
  for each row execute function public.set_updated_at();

-- A seat in a cohort: 'held' while its checkout is open (D3), 'enrolled' once paid, 'released' when
-- the checkout expired or failed (or the member moved to another cohort). Every held or enrolled
-- seat is counted in cohorts.prospective_participant_count, every enrolled one also in
-- participant_count; the code that changes a seat changes the counters in the same transaction.
create table public.cohort_seats (
  id uuid primary key default gen_random_uuid(),
  cohort_id uuid not null references public.cohorts (id),
  order_id uuid references public.orders (id) on delete cascade,
  user_id uuid references auth.users (id) on delete set null,
  email text check (email is null or char_length(email) between 3 and 254),
  role text not null default 'participant' check (role in ('participant', 'coach', 'host')),
  status text not null check (status in ('held', 'enrolled', 'released')),
  hold_expires_at timestamptz,
  enrolled_at timestamptz,
  released_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint cohort_seats_hold_expires check ((status = 'held') = (hold_expires_at is not null)),
  constraint cohort_seats_enrolled_time check (status <> 'enrolled' or enrolled_at is not null),
  constraint cohort_seats_released_time check ((status = 'released') = (released_at is not null))
);

create index cohort_seats_expiring_idx on public.cohort_seats (cohort_id, hold_expires_at) where status = 'held';
create index cohort_seats_user_idx on public.cohort_seats (user_id) where user_id is not null;
create index cohort_seats_cohort_idx on public.cohort_seats (cohort_id, role) where status = 'enrolled';
-- One live seat per order (a switch releases the old one first) and per member and cohort.
create unique index cohort_seats_one_per_order on public.cohort_seats (order_id)
  where order_id is not null and status <> 'released';
create unique index cohort_seats_one_per_member on public.cohort_seats (cohort_id, user_id)
  where user_id is not null and status <> 'released';

create trigger cohort_seats_set_updated_at
  before update on public.cohort_seats
  for each row execute function public.set_updated_at();

-- The subscription a paid checkout started, kept true by Stripe's subscription and invoice events.
create table public.subscriptions (
  stripe_subscription_id text primary key check (stripe_subscription_id ~ '^sub_[A-Za-z0-9_]{1,250}$'),
  order_id uuid references public.orders (id) on delete set null,
  user_id uuid references auth.users (id) on delete set null,
  email text check (email is null or char_length(email) between 3 and 254),
  stripe_customer_id text not null,
  plan_type text check (plan_type is null or plan_type in ('starter', 'popular', 'premium')),
  plan_name text not null check (char_length(plan_name) between 1 and 60),
  status text not null check (status in (
    'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')),
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  cancel_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index subscriptions_user_idx on public.subscriptions (user_id) where user_id is not null;
create index subscriptions_email_idx on public.subscriptions (email) where email is not null;

create trigger subscriptions_set_updated_at
  before update on public.subscriptions
  for each row execute function public.set_updated_at();

-- D4: each Stripe event id is processed once.
create table public.stripe_events (
  id text primary key check (id ~ '^evt_[A-Za-z0-9_]{1,250}$'),
  type text not null check (char_length(type) between 1 and 100),
  received_at timestamptz not null default now(),
  processed_at timestamptz
);

-- D2: the link that lets a buyer who paid without an account set one up. Only a hash is kept;
-- a link works once and until it expires.
create table public.account_setup_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  email text not null check (char_length(email) between 3 and 254),
  order_id uuid not null references public.orders (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  constraint account_setup_tokens_expiry_after_creation check (expires_at > created_at)
);

create index account_setup_tokens_order_idx on public.account_setup_tokens (order_id);

alter table public.orders enable row level security;
alter table public.cohort_seats enable row level security;
alter table public.subscriptions enable row level security;
alter table public.stripe_events enable row level security;
alter table public.account_setup_tokens enable row level security;

-- Members may read their own orders, seats and subscriptions; every write goes through the product
-- backend (service role). Events and set-up tokens are never readable from the browser.
create policy "Members read their own orders"
  on public.orders for select
  to authenticated
  using ((select auth.uid()) = user_id);

create policy "Members read their own seats"
  on public.cohort_seats for select
  to authenticated
  using ((select auth.uid()) = user_id);

create policy "Members read their own subscriptions"
  on public.subscriptions for select
  to authenticated
  using ((select auth.uid()) = user_id);

grant select on public.orders, public.cohort_seats, public.subscriptions to authenticated;
grant all on public.orders, public.cohort_seats, public.subscriptions, public.stripe_events,
  public.account_setup_tokens to service_role;
