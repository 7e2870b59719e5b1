-- Affiliates: operators see every affiliate's figures and ledger, mark due commission
-- paid from the operator area and hold a suspicious affiliate's payouts with a reason.
--
-- 1. Per-affiliate counters (affiliate_figures), kept by triggers in the transaction of the visit,
--    lead, conversion, ledger entry or payout that changes them, so a page of 50 affiliates (and the
--    member's own dashboard) reads 50 rows instead of counting millions of visits. They count what
--    the dashboard always counted: visits and leads not flagged past a daily ceiling, referred
--    orders that are paid, the ledger's commission net of reversals, and what payouts settled.
-- 2. A hold on an affiliate's payouts: the reason, who placed it and when.
-- 3. A payout's reference (a bank transfer's, say), who recorded it, and the operator request it
--    answered, so a replayed request pays nothing twice.

-- Writes to the counted tables wait until the counters are filled and their triggers are in place,
-- so nothing written meanwhile is missed or counted twice.
lock table public.affiliates, public.referral_visits, public.referral_leads, public.orders,
  public.commission_entries, public.commission_payout_items in share mode;

create table public.affiliate_figures (
  affiliate_user_id uuid primary key references public.affiliates (user_id) on delete cascade,
  visitors integer not null default 0,
  leads integer not null default 0,
  conversions integer not null default 0,
  -- Every commission and reversal (the dashboard's commission: pending + due + paid), and what
  -- payouts settled of it.
  earned_cents bigint not null default 0,
  paid_cents bigint not null default 0,
  unpaid_cents bigint generated always as (earned_cents - paid_cents) stored
) with (fillfactor = 70);
-- Room on each page lets a visit's or lead's count change in place (their columns are not
-- indexed), so the hot path writes no index entries.

create index affiliate_figures_conversions_idx on public.affiliate_figures (conversions, affiliate_user_id);
create index affiliate_figures_unpaid_idx on public.affiliate_figures (unpaid_cents, affiliate_user_id);

create or replace function public.add_affiliate_figures() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  insert into public.affiliate_figures (affiliate_user_id) values (new.user_id) on conflict do nothing;
  return null;
end;
$$;

-- The counting triggers run once per statement and change each affiliate's row once, by the
-- statement's net count: a statement touching many rows of one affiliate (an account deleted with
-- its visits, say) updates their counters once, not once per row.

create or replace function public.count_referral_visits() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.affiliate_figures f set visitors = f.visitors + s.n
    from (select affiliate_user_id, count(*)::int as n from new_rows where flagged_reason is null group by 1) s
    where f.affiliate_user_id = s.affiliate_user_id;
  elsif tg_op = 'DELETE' then
    update public.affiliate_figures f set visitors = f.visitors - s.n
    from (select affiliate_user_id, count(*)::int as n from old_rows where flagged_reason is null group by 1) s
    where f.affiliate_user_id = s.affiliate_user_id;
  else
    update public.affiliate_figures f set visitors = f.visitors + s.n
    from (
      select affiliate_user_id, sum(n)::int as n from (
        select affiliate_user_id, 1 as n from new_rows where flagged_reason is null
        union all
        select affiliate_user_id, -1 from old_rows where flagged_reason is null
      ) d group by 1 having sum(n) <> 0
    ) s
    where f.affiliate_user_id = s.affiliate_user_id;
  end if;
  return null;
end;
$$;

create or replace function public.count_referral_leads() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.affiliate_figures f set leads = f.leads + s.n
    from (select affiliate_user_id, count(*)::int as n from new_rows where flagged_reason is null group by 1) s
    where f.affiliate_user_id = s.affiliate_user_id;
  elsif tg_op = 'DELETE' then
    update public.affiliate_figures f set leads = f.leads - s.n
    from (select affiliate_user_id, count(*)::int as n from old_rows where flagged_reason is null group by 1) s
    where f.affiliate_user_id = s.affiliate_user_id;
  else
    update public.affiliate_figures f set leads = f.leads + s.n
    from (
      select affiliate_user_id, sum(n)::int as n from (
        select affiliate_user_id, 1 as n from new_rows where flagged_reason is null
        union all
        select affiliate_user_id, -1 from old_rows where flagged_reason is null
      ) d group by 1 having sum(n) <> 0
    ) s
    where f.affiliate_user_id = s.affiliate_user_id;
  end if;
  return null;
end;
$$;

-- A conversion: a referred order that is paid (a refunded one no longer counts).
create or replace function public.count_conversions() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.affiliate_figures f set conversions = f.conversions + s.n
    from (select affiliate_user_id, count(*)::int as n from new_rows where status = 'paid' and affiliate_user_id is not null group by 1) s
    where f.affiliate_user_id = s.affiliate_user_id;
  elsif tg_op = 'DELETE' then
    update public.affiliate_figures f set conversions = f.conversions - s.n
    from (select affiliate_user_id, count(*)::int as n from old_rows where status = 'paid' and affiliate_user_id is not null group by 1) s
    where f.affiliate_user_id = s.affiliate_user_id;
  else
    update public.affiliate_figures f set conversions = f.conversions + s.n
    from (
      select affiliate_user_id, sum(n)::int as n from (
        select affiliate_user_id, 1 as n from new_rows where status = 'paid' and affiliate_user_id is not null
        union all
        select affiliate_user_id, -1 from old_rows where status = 'paid' and affiliate_user_id is not null
      ) d group by 1 having sum(n) <> 0
    ) s
    where f.affiliate_user_id = s.affiliate_user_id;
  end if;
  return null;
end;
$$;

-- Ledger entries and payout items are only ever inserted (append-only), often many per statement.
create or replace function public.count_commission() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.affiliate_figures f set earned_cents = f.earned_cents + s.cents
  from (
    select n.affiliate_user_id, sum(n.amount_cents) as cents from new_entries n
    where n.kind <> 'no_commission' group by n.affiliate_user_id
  ) s
  where f.affiliate_user_id = s.affiliate_user_id;
  return null;
end;
$$;

create or replace function public.count_commission_paid() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  update public.affiliate_figures f set paid_cents = f.paid_cents + s.cents
  from (
    select e.affiliate_user_id, sum(e.amount_cents) as cents
    from new_items n join public.commission_entries e on e.id = n.entry_id
    group by e.affiliate_user_id
  ) s
  where f.affiliate_user_id = s.affiliate_user_id;
  return null;
end;
$$;

-- Trigger functions: nobody calls them directly.
revoke execute on function public.add_affiliate_figures(), public.count_referral_visits(), public.count_referral_leads(),
  public.count_conversions(), public.count_commission(), public.count_commission_paid() from public, anon, authenticated;

create trigger affiliates_add_figures
  after insert on public.affiliates
  for each row execute function public.add_affiliate_figures();

create trigger referral_visits_count_insert
  after insert on public.referral_visits referencing new table as new_rows
  for each statement execute function public.count_referral_visits();
create trigger referral_visits_count_update
  after update on public.referral_visits referencing old table as old_rows new table as new_rows
  for each statement execute function public.count_referral_visits();
create trigger referral_visits_count_delete
  after delete on public.referral_visits referencing old table as old_rows
  for each statement execute function public.count_referral_visits();

create trigger referral_leads_count_insert
  after insert on public.referral_leads referencing new table as new_rows
  for each statement execute function public.count_referral_leads();
create trigger referral_leads_count_update
  after update on public.referral_leads referencing old table as old_rows new table as new_rows
  for each statement execute function public.count_referral_leads();
create trigger referral_leads_count_delete
  after delete on public.referral_leads referencing old table as old_rows
  for each statement execute function public.count_referral_leads();

create trigger orders_count_conversions_insert
  after insert on public.orders referencing new table as new_rows
  for each statement execute function public.count_conversions();
create trigger orders_count_conversions_update
  after update on public.orders referencing old table as old_rows new table as new_rows
  for each statement execute function public.count_conversions();
create trigger orders_count_conversions_delete
  after delete on public.orders referencing old table as old_rows
  for each statement execute function public.count_conversions();

create trigger commission_entries_count
  after insert on public.commission_entries
  referencing new table as new_entries
  for each statement execute function public.count_commission();

create trigger commission_payout_items_count
  after insert on public.commission_payout_items
  referencing new table as new_items
  for each statement execute function public.count_commission_paid();

-- The counters of the affiliates there are now, counted once.
insert into public.affiliate_figures (affiliate_user_id, visitors, leads, conversions, earned_cents, paid_cents)
select a.user_id, coalesce(v.n, 0), coalesce(l.n, 0), coalesce(o.n, 0), coalesce(e.cents, 0), coalesce(p.cents, 0)
from public.affiliates a
left join (
  select affiliate_user_id, count(*) as n from public.referral_visits where flagged_reason is null group by 1
) v on v.affiliate_user_id = a.user_id
left join (
  select affiliate_user_id, count(*) as n from public.referral_leads where flagged_reason is null group by 1
) l on l.affiliate_user_id = a.user_id
left join (
  select affiliate_user_id, count(*) as n from public.orders where status = 'paid' and affiliate_user_id is not null group by 1
) o on o.affiliate_user_id = a.user_id
left join (
  select affiliate_user_id, sum(amount_cents) as cents from public.commission_entries where kind <> 'no_commission' group by 1
) e on e.affiliate_user_id = a.user_id
left join (
  select c.affiliate_user_id, sum(c.amount_cents) as cents
  from public.commission_payout_items pi join public.commission_entries c on c.id = pi.entry_id group by 1
) p on p.affiliate_user_id = a.user_id;

-- What is pending (its refund window not over) is read live from the ledger: only the last 30
-- days' entries of an affiliate.
create index commission_entries_affiliate_available_idx on public.commission_entries (affiliate_user_id, available_at);

-- The operator's list: newest affiliates first, and search by the start of an email or a code.
create index affiliates_joined_idx on public.affiliates (created_at, user_id);
create index affiliates_code_pattern_idx on public.affiliates (code text_pattern_ops);
create index users_email_pattern_idx on public.users (email text_pattern_ops);

-- A hold on the affiliate's payouts: their commission still accrues, but neither the payout run
-- (npm run payouts) nor an operator pays it until the hold is released.
alter table public.affiliates
  add column payouts_held_at timestamptz,
  add column payouts_held_reason text check (payouts_held_reason is null or char_length(payouts_held_reason) between 1 and 500),
  -- The operator who placed it: their account id and email as they were (as the audit log names them).
  add column payouts_held_by_id uuid,
  add column payouts_held_by text check (payouts_held_by is null or char_length(payouts_held_by) between 1 and 254),
  add constraint affiliates_hold_complete check (
    (payouts_held_at is null) = (payouts_held_reason is null)
    and (payouts_held_at is null) = (payouts_held_by is null)
    and (payouts_held_by_id is null or payouts_held_at is not null)
  );

alter table public.commission_payouts
  add column reference text check (reference is null or char_length(reference) between 1 and 200),
  -- Who recorded it: an operator's account id and email, or the payout command (null before this
  -- column: the command was the only way).
  add column paid_by_id uuid,
  add column paid_by text check (paid_by is null or char_length(paid_by) between 1 and 254),
  add column request_key uuid unique;

create index commission_payouts_affiliate_idx on public.commission_payouts (affiliate_user_id, created_at desc);

-- Operator data: the product backend only.
alter table public.affiliate_figures enable row level security;
revoke all on public.affiliate_figures from anon, authenticated;
grant all on public.affiliate_figures to service_role;
