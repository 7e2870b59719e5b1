-- Pledges are numbered in batches. A confirmed pledge is kept at once without a number (no lock
-- on the table, so confirmations run side by side); one transaction at a time then numbers every
-- pledge waiting, in the order they were confirmed, after the highest number, and queues each
-- one's badge email with it (server/campaign/pledge-numbering.ts). Numbers stay gapless and unique.
alter table public.campaign_pledges alter column pledge_number drop not null;

-- The confirmation that kept the pledge: its badge email is queued once per confirmation.
alter table public.campaign_pledges add column confirmation_id uuid;

-- The pledges waiting for a number, oldest first: the numbering reads only these.
create index campaign_pledges_waiting_idx on public.campaign_pledges (created_at, id) where pledge_number is null;

-- The per-day counts count numbered pledges: a pledge is counted in its tier once it has a number,
-- and keeping one (without a number) touches no counter row that every confirmation would share.
create or replace function public.count_campaign_pledge_days() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from public.campaign_pledge_days;
    return null;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    update public.campaign_pledge_days d set pledges = d.pledges - gone.pledges
    from (
      select (created_at at time zone 'UTC')::date as day, public.campaign_pledge_tier(pledge_number) as tier, count(*) as pledges
      from old_pledges where pledge_number is not null group by 1, 2
    ) gone
    where d.day = gone.day and d.tier = gone.tier;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into public.campaign_pledge_days as d (day, tier, pledges)
    select (created_at at time zone 'UTC')::date, public.campaign_pledge_tier(pledge_number), count(*)
    from new_pledges where pledge_number is not null group by 1, 2
    on conflict (day, tier) do update set pledges = d.pledges + excluded.pledges;
  end if;
  return null;
end;
$$;

revoke all on function public.count_campaign_pledge_days() from public, anon, authenticated;
