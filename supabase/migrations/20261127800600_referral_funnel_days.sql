-- The member dashboard's affiliate chart (GET /api/referral/funnel) reads each UTC day's
-- visits, leads and conversions of one affiliate from per-day counters instead of counting the
-- affiliate's visits, which grow with their traffic. The counters hold what the chart always
-- counted: visits and leads not flagged past a daily ceiling (by the day they were first seen or
-- signed up), and referred orders that are paid (by the day of payment; a refunded one no longer
-- counts). Like affiliate_figures, triggers keep them once per statement in the transaction of the
-- change, so a statement writing many rows changes each affiliate's day once.

-- Writes to the counted tables wait until the counters are filled and their triggers are in place,
-- so nothing written meanwhile is missed or counted twice.
lock table public.referral_visits, public.referral_leads, public.orders in share row exclusive mode;

-- No foreign key: an order's affiliate is any account, and a deleted affiliate's rows are counted
-- down by the deletes of their visits and leads (and the orders' affiliate set to null).
create table public.referral_funnel_days (
  affiliate_user_id uuid not null,
  day date not null,
  visitors integer not null default 0,
  leads integer not null default 0,
  conversions integer not null default 0,
  primary key (affiliate_user_id, day)
) with (fillfactor = 70);
-- Room on each page lets a count change in place (the counts are not indexed).

-- Each function adds a statement's net change per affiliate and day, +1 for every new row counted
-- and -1 for every old row that was: an insert, a delete, and an update that flags or unflags a
-- row, moves it to another day or affiliate, or pays or refunds an order. Rows are written in key
-- order, so concurrent statements lock the same rows in the same order.

create or replace function public.count_referral_visit_days() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    update public.referral_funnel_days set visitors = 0 where visitors <> 0;
  elsif tg_op = 'INSERT' then
    insert into public.referral_funnel_days as f (affiliate_user_id, day, visitors)
    select affiliate_user_id, day, sum(n)::int from (
      select affiliate_user_id, (first_seen_at at time zone 'UTC')::date as day, 1 as n from new_rows where flagged_reason is null
    ) d group by 1, 2 having sum(n) <> 0 order by 1, 2
    on conflict (affiliate_user_id, day) do update set visitors = f.visitors + excluded.visitors;
  elsif tg_op = 'DELETE' then
    insert into public.referral_funnel_days as f (affiliate_user_id, day, visitors)
    select affiliate_user_id, day, sum(n)::int from (
      select affiliate_user_id, (first_seen_at at time zone 'UTC')::date as day, -1 as n from old_rows where flagged_reason is null
    ) d group by 1, 2 having sum(n) <> 0 order by 1, 2
    on conflict (affiliate_user_id, day) do update set visitors = f.visitors + excluded.visitors;
  else
    insert into public.referral_funnel_days as f (affiliate_user_id, day, visitors)
    select affiliate_user_id, day, sum(n)::int from (
      select affiliate_user_id, (first_seen_at at time zone 'UTC')::date as day, 1 as n from new_rows where flagged_reason is null
      union all
      select affiliate_user_id, (first_seen_at at time zone 'UTC')::date as day, -1 as n from old_rows where flagged_reason is null
    ) d group by 1, 2 having sum(n) <> 0 order by 1, 2
    on conflict (affiliate_user_id, day) do update set visitors = f.visitors + excluded.visitors;
  end if;
  return null;
end;
$$;

create or replace function public.count_referral_lead_days() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    update public.referral_funnel_days set leads = 0 where leads <> 0;
  elsif tg_op = 'INSERT' then
    insert into public.referral_funnel_days as f (affiliate_user_id, day, leads)
    select affiliate_user_id, day, sum(n)::int from (
      select affiliate_user_id, (created_at at time zone 'UTC')::date as day, 1 as n from new_rows where flagged_reason is null
    ) d group by 1, 2 having sum(n) <> 0 order by 1, 2
    on conflict (affiliate_user_id, day) do update set leads = f.leads + excluded.leads;
  elsif tg_op = 'DELETE' then
    insert into public.referral_funnel_days as f (affiliate_user_id, day, leads)
    select affiliate_user_id, day, sum(n)::int from (
      select affiliate_user_id, (created_at at time zone 'UTC')::date as day, -1 as n from old_rows where flagged_reason is null
    ) d group by 1, 2 having sum(n) <> 0 order by 1, 2
    on conflict (affiliate_user_id, day) do update set leads = f.leads + excluded.leads;
  else
    insert into public.referral_funnel_days as f (affiliate_user_id, day, leads)
    select affiliate_user_id, day, sum(n)::int from (
      select affiliate_user_id, (created_at at time zone 'UTC')::date as day, 1 as n from new_rows where flagged_reason is null
      union all
      select affiliate_user_id, (created_at at time zone 'UTC')::date as day, -1 as n from old_rows where flagged_reason is null
    ) d group by 1, 2 having sum(n) <> 0 order by 1, 2
    on conflict (affiliate_user_id, day) do update set leads = f.leads + excluded.leads;
  end if;
  return null;
end;
$$;

create or replace function public.count_conversion_days() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    update public.referral_funnel_days set conversions = 0 where conversions <> 0;
  elsif tg_op = 'INSERT' then
    insert into public.referral_funnel_days as f (affiliate_user_id, day, conversions)
    select affiliate_user_id, day, sum(n)::int from (
      select affiliate_user_id, (paid_at at time zone 'UTC')::date as day, 1 as n from new_rows where status = 'paid' and affiliate_user_id is not null
    ) d group by 1, 2 having sum(n) <> 0 order by 1, 2
    on conflict (affiliate_user_id, day) do update set conversions = f.conversions + excluded.conversions;
  elsif tg_op = 'DELETE' then
    insert into public.referral_funnel_days as f (affiliate_user_id, day, conversions)
    select affiliate_user_id, day, sum(n)::int from (
      select affiliate_user_id, (paid_at at time zone 'UTC')::date as day, -1 as n from old_rows where status = 'paid' and affiliate_user_id is not null
    ) d group by 1, 2 having sum(n) <> 0 order by 1, 2
    on conflict (affiliate_user_id, day) do update set conversions = f.conversions + excluded.conversions;
  else
    insert into public.referral_funnel_days as f (affiliate_user_id, day, conversions)
    select affiliate_user_id, day, sum(n)::int from (
      select affiliate_user_id, (paid_at at time zone 'UTC')::date as day, 1 as n from new_rows where status = 'paid' and affiliate_user_id is not null
      union all
      select affiliate_user_id, (paid_at at time zone 'UTC')::date as day, -1 as n from old_rows where status = 'paid' and affiliate_user_id is not null
    ) d group by 1, 2 having sum(n) <> 0 order by 1, 2
    on conflict (affiliate_user_id, day) do update set conversions = f.conversions + excluded.conversions;
  end if;
  return null;
end;
$$;

-- Trigger functions: nobody calls them directly.
revoke all on function public.count_referral_visit_days(), public.count_referral_lead_days(),
  public.count_conversion_days() from public, anon, authenticated;

create trigger referral_visits_count_days_insert
  after insert on public.referral_visits referencing new table as new_rows
  for each statement execute function public.count_referral_visit_days();
create trigger referral_visits_count_days_update
  after update on public.referral_visits referencing old table as old_rows new table as new_rows
  for each statement execute function public.count_referral_visit_days();
create trigger referral_visits_count_days_delete
  after delete on public.referral_visits referencing old table as old_rows
  for each statement execute function public.count_referral_visit_days();
create trigger referral_visits_count_days_truncate
  after truncate on public.referral_visits
  for each statement execute function public.count_referral_visit_days();

create trigger referral_leads_count_days_insert
  after insert on public.referral_leads referencing new table as new_rows
  for each statement execute function public.count_referral_lead_days();
create trigger referral_leads_count_days_update
  after update on public.referral_leads referencing old table as old_rows new table as new_rows
  for each statement execute function public.count_referral_lead_days();
create trigger referral_leads_count_days_delete
  after delete on public.referral_leads referencing old table as old_rows
  for each statement execute function public.count_referral_lead_days();
create trigger referral_leads_count_days_truncate
  after truncate on public.referral_leads
  for each statement execute function public.count_referral_lead_days();

create trigger orders_count_conversion_days_insert
  after insert on public.orders referencing new table as new_rows
  for each statement execute function public.count_conversion_days();
create trigger orders_count_conversion_days_update
  after update on public.orders referencing old table as old_rows new table as new_rows
  for each statement execute function public.count_conversion_days();
create trigger orders_count_conversion_days_delete
  after delete on public.orders referencing old table as old_rows
  for each statement execute function public.count_conversion_days();
create trigger orders_count_conversion_days_truncate
  after truncate on public.orders
  for each statement execute function public.count_conversion_days();

-- The counters of what there is now, counted once.
insert into public.referral_funnel_days (affiliate_user_id, day, visitors, leads, conversions)
select affiliate_user_id, day, sum(visitors)::int, sum(leads)::int, sum(conversions)::int from (
  select affiliate_user_id, (first_seen_at at time zone 'UTC')::date as day, count(*) as visitors, 0 as leads, 0 as conversions
  from public.referral_visits where flagged_reason is null group by 1, 2
  union all
  select affiliate_user_id, (created_at at time zone 'UTC')::date, 0, count(*), 0
  from public.referral_leads where flagged_reason is null group by 1, 2
  union all
  select affiliate_user_id, (paid_at at time zone 'UTC')::date, 0, 0, count(*)
  from public.orders where status = 'paid' and affiliate_user_id is not null group by 1, 2
) c group by 1, 2;

-- The product backend only.
alter table public.referral_funnel_days enable row level security;
revoke all on public.referral_funnel_days from anon, authenticated;
grant all on public.referral_funnel_days to service_role;
