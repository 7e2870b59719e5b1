-- The operator's order list shows the totals of the orders it lists: how many, paid, refunded and
-- lost to disputes, per currency. Without a search or a cohort, those orders are every order (or
-- every order of one money status, or created between two UTC days), and adding them up read the
-- whole table: 36 ms at 121,674 orders, growing with every sale. Per-day counters answer those
-- totals from a few rows per day instead; a search or a cohort still adds up its own matches,
-- which it reads through their indexes.
--
-- An order's change must not wait on another's: a checkout, a payment and a refund each change an
-- order in the transaction that matters to a buyer, and counters shared by the day's orders would
-- make them queue (and two transactions changing two orders each could deadlock). So a trigger
-- only adds rows to order_total_changes (its statement's net change per day, currency and status),
-- which no one else writes but the fold; the fold (the fold-order-totals job, each minute) moves
-- them into order_total_days in one statement. The totals read both, in one snapshot.

-- The member of the list's status filter an order is in (lib/operator/order-list.ts,
-- ORDER_FILTER_STATUSES); 'other' for an expired or failed checkout, which no filter picks.
create or replace function public.order_list_status(status text, refunded_cents integer) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when status = 'paid' and refunded_cents = 0 then 'paid'
    when status = 'paid' then 'partly_refunded'
    when status = 'refunded' then 'refunded'
    when status = 'charged_back' then 'disputed'
    when status = 'pending' then 'pending'
    else 'other'
  end
$$;

-- Writes to orders wait until the counters are filled and their triggers are in place, so nothing
-- written meanwhile is missed or counted twice.
lock table public.orders in share row exclusive mode;

create table public.order_total_days (
  -- The UTC day the order was created (the list's date filters are whole UTC days of that time).
  day date not null,
  currency text not null,
  list_status text not null check (list_status in ('paid', 'partly_refunded', 'refunded', 'disputed', 'pending', 'other')),
  orders integer not null default 0,
  -- What was paid (orders paid at some time, whatever happened after), refunded, and what a lost
  -- dispute took back that was not refunded before.
  paid_cents bigint not null default 0,
  refunded_cents bigint not null default 0,
  disputed_cents bigint not null default 0,
  primary key (day, currency, list_status)
) with (fillfactor = 70);
-- Room on each page lets a count change in place (the counts are not indexed).

-- The changes not folded yet, each a statement's net change to one day, currency and status.
create table public.order_total_changes (
  id bigint generated always as identity primary key,
  day date not null,
  currency text not null,
  list_status text not null,
  orders integer not null,
  paid_cents bigint not null,
  refunded_cents bigint not null,
  disputed_cents bigint not null
);

-- Each statement adds its net change per day, currency and status: +1 for every order as it is now
-- and -1 for every order as it was (an insert, a delete, a payment, a refund, a dispute).
create or replace function public.count_order_total_days() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  added public.orders[] := '{}';
  removed public.orders[] := '{}';
begin
  if tg_op = 'TRUNCATE' then
    delete from public.order_total_days;
    delete from public.order_total_changes;
    return null;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    added := array(select n from new_rows n);
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    removed := array(select o from old_rows o);
  end if;
  insert into public.order_total_changes (day, currency, list_status, orders, paid_cents, refunded_cents, disputed_cents)
  select (o.created_at at time zone 'UTC')::date, o.currency, public.order_list_status(o.status, o.refunded_cents),
    sum(o.sign)::int,
    coalesce(sum(o.sign * o.total_cents) filter (where o.paid_at is not null), 0),
    sum(o.sign * o.refunded_cents),
    coalesce(sum(o.sign * (o.total_cents - o.refunded_cents)) filter (where o.status = 'charged_back'), 0)
  from (
    select a.*, 1 as sign from unnest(added) a
    union all
    select r.*, -1 from unnest(removed) r
  ) o
  group by 1, 2, 3
  having sum(o.sign) <> 0 or coalesce(sum(o.sign * o.total_cents) filter (where o.paid_at is not null), 0) <> 0
    or sum(o.sign * o.refunded_cents) <> 0
    or coalesce(sum(o.sign * (o.total_cents - o.refunded_cents)) filter (where o.status = 'charged_back'), 0) <> 0;
  return null;
end;
$$;

-- Moves every change there is into the per-day rows, in one statement: a change is either still
-- in order_total_changes or already in order_total_days, never both, for any reader. A change whose
-- transaction has not committed is not seen, and is folded by a later run. One fold at a time.
create or replace function public.fold_order_total_changes() returns integer
language plpgsql
set search_path = ''
as $$
declare
  folded integer;
begin
  if not pg_try_advisory_xact_lock(hashtextextended('fold-order-total-changes', 0)) then
    return 0;
  end if;
  with moved as (
    delete from public.order_total_changes returning day, currency, list_status, orders, paid_cents, refunded_cents, disputed_cents
  )
  insert into public.order_total_days as t (day, currency, list_status, orders, paid_cents, refunded_cents, disputed_cents)
  select day, currency, list_status, sum(orders)::int, sum(paid_cents), sum(refunded_cents), sum(disputed_cents)
  from moved
  group by 1, 2, 3
  order by 1, 2, 3
  on conflict (day, currency, list_status) do update set
    orders = t.orders + excluded.orders,
    paid_cents = t.paid_cents + excluded.paid_cents,
    refunded_cents = t.refunded_cents + excluded.refunded_cents,
    disputed_cents = t.disputed_cents + excluded.disputed_cents;
  get diagnostics folded = row_count;
  return folded;
end;
$$;

-- The trigger function, the fold and the status: the database and the product backend only.
revoke all on function public.count_order_total_days(), public.fold_order_total_changes(), public.order_list_status(text, integer)
  from public, anon, authenticated;

create trigger orders_count_total_days_insert
  after insert on public.orders referencing new table as new_rows
  for each statement execute function public.count_order_total_days();
create trigger orders_count_total_days_update
  after update on public.orders referencing old table as old_rows new table as new_rows
  for each statement execute function public.count_order_total_days();
create trigger orders_count_total_days_delete
  after delete on public.orders referencing old table as old_rows
  for each statement execute function public.count_order_total_days();
create trigger orders_count_total_days_truncate
  after truncate on public.orders
  for each statement execute function public.count_order_total_days();

-- The counters of the orders there are now, counted once.
insert into public.order_total_days (day, currency, list_status, orders, paid_cents, refunded_cents, disputed_cents)
select (created_at at time zone 'UTC')::date, currency, public.order_list_status(status, refunded_cents),
  count(*)::int,
  coalesce(sum(total_cents) filter (where paid_at is not null), 0),
  coalesce(sum(refunded_cents), 0),
  coalesce(sum(total_cents - refunded_cents) filter (where status = 'charged_back'), 0)
from public.orders
group by 1, 2, 3;

-- The product backend only.
alter table public.order_total_days enable row level security;
alter table public.order_total_changes enable row level security;
revoke all on public.order_total_days, public.order_total_changes from anon, authenticated;
grant all on public.order_total_days, public.order_total_changes to service_role;
