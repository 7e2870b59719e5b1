-- The affiliate programme (DESIGN D5, D14): every member's affiliate code and coupon, the visits
-- and sign-ups their link brought, and the append-only commission ledger with its payouts.
-- Everything here is read and written by the product backend only: RLS on, no policies, and
-- nothing granted to anon or authenticated.

create table public.affiliates (
  user_id uuid primary key references auth.users (id) on delete cascade,
  code text not null unique check (code ~ '^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$'),
  coupon_code text not null unique check (coupon_code = upper(code)),
  -- The Stripe promotion code behind coupon_code, created on first need.
  stripe_promotion_code_id text unique check (stripe_promotion_code_id ~ '^promo_[A-Za-z0-9_]{1,250}$'),
  created_at timestamptz not null default now()
);

-- A visit through `?via=`: one row per visitor (a first-party cookie id) and affiliate.
create table public.referral_visits (
  affiliate_user_id uuid not null references public.affiliates (user_id) on delete cascade,
  visitor_id uuid not null,
  first_seen_at timestamptz not null default now(),
  primary key (affiliate_user_id, visitor_id)
);

create index referral_visits_visitor_idx on public.referral_visits (visitor_id, first_seen_at);

-- A lead: an account whose sign-up a referral brought. One affiliate per account, the first touch.
create table public.referral_leads (
  referred_user_id uuid primary key references auth.users (id) on delete cascade,
  affiliate_user_id uuid not null references public.affiliates (user_id) on delete cascade,
  touched_at timestamptz not null,
  created_at timestamptz not null default now(),
  constraint referral_leads_not_self check (referred_user_id <> affiliate_user_id)
);

create index referral_leads_affiliate_idx on public.referral_leads (affiliate_user_id);

-- D14: the commission ledger. A 'commission' entry per paid invoice of a referred order; a
-- 'reversal' (negative) entry when a refund or a lost dispute takes some of it back. Entries are
-- never changed: the state is derived (paid once in a payout, else due once available_at passed,
-- else pending) and totals are sums.
create table public.commission_entries (
  id uuid primary key default gen_random_uuid(),
  affiliate_user_id uuid not null references public.affiliates (user_id),
  order_id uuid not null references public.orders (id),
  kind text not null check (kind in ('commission', 'reversal')),
  reason text not null check (reason in ('first_payment', 'renewal', 'refund', 'dispute_lost')),
  amount_cents integer not null,
  currency text not null default 'usd' check (currency ~ '^[a-z]{3}$'),
  -- Commission: the amount paid before tax it is 20% of, and the invoice (one entry per invoice).
  base_cents integer check (base_cents is null or base_cents >= 0),
  stripe_invoice_id text,
  -- Reversal: the commission entry it takes back from and the Stripe object that caused it.
  reverses_entry_id uuid references public.commission_entries (id),
  stripe_reference text check (stripe_reference is null or char_length(stripe_reference) <= 255),
  available_at timestamptz not null,
  created_at timestamptz not null default now(),
  constraint commission_entries_shape check (
    (kind = 'commission' and amount_cents > 0 and base_cents is not null and stripe_invoice_id is not null
      and reverses_entry_id is null and reason in ('first_payment', 'renewal'))
    or (kind = 'reversal' and amount_cents < 0 and reverses_entry_id is not null and reason in ('refund', 'dispute_lost'))
  )
);

create unique index commission_entries_one_per_invoice on public.commission_entries (stripe_invoice_id)
  where kind = 'commission';
create index commission_entries_affiliate_idx on public.commission_entries (affiliate_user_id, created_at desc);
create index commission_entries_reverses_idx on public.commission_entries (reverses_entry_id) where reverses_entry_id is not null;

-- Payouts an operator made (npm run payouts) and the entries each one settled; an entry is paid once.
create table public.commission_payouts (
  id uuid primary key default gen_random_uuid(),
  affiliate_user_id uuid not null references public.affiliates (user_id),
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'usd' check (currency ~ '^[a-z]{3}$'),
  created_at timestamptz not null default now()
);

create table public.commission_payout_items (
  entry_id uuid primary key references public.commission_entries (id),
  payout_id uuid not null references public.commission_payouts (id)
);

create index commission_payout_items_payout_idx on public.commission_payout_items (payout_id);

create or replace function public.refuse_ledger_change() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% is append-only', tg_table_name using errcode = 'check_violation';
end;
$$;

-- A trigger function: nobody calls it directly (functions are executable by PUBLIC unless revoked).
revoke execute on function public.refuse_ledger_change() from public, anon, authenticated;

create trigger commission_entries_append_only
  before update or delete on public.commission_entries
  for each row execute function public.refuse_ledger_change();
create trigger commission_payouts_append_only
  before update or delete on public.commission_payouts
  for each row execute function public.refuse_ledger_change();
create trigger commission_payout_items_append_only
  before update or delete on public.commission_payout_items
  for each row execute function public.refuse_ledger_change();

alter table public.affiliates enable row level security;
alter table public.referral_visits enable row level security;
alter table public.referral_leads enable row level security;
alter table public.commission_entries enable row level security;
alter table public.commission_payouts enable row level security;
alter table public.commission_payout_items enable row level security;

revoke all on public.affiliates, public.referral_visits, public.referral_leads, public.commission_entries,
  public.commission_payouts, public.commission_payout_items from anon, authenticated;
grant all on public.affiliates, public.referral_visits, public.referral_leads, public.commission_entries,
  public.commission_payouts, public.commission_payout_items to service_role;
