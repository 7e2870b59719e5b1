-- Campaign: the operator area's pledge counts, partner pledges and contact messages (each
-- marked handled) and the moderation of stories (approved stories are the public's, rejected ones
-- are not).

-- 1. Pledges per UTC day and badge tier. The operator's counts must not count a million pledges on
-- every view, so each pledge adds one to its day's and tier's row in its own transaction (statement
-- triggers: a bulk insert is one upsert per day and tier), a deleted pledge takes it off again. A
-- view reads at most 4 rows a day for the range shown.
create table public.campaign_pledge_days (
  day date not null,
  tier text not null check (tier in ('gold', 'silver', 'bronze', 'other')),
  pledges bigint not null check (pledges >= 0),
  primary key (day, tier)
);

-- SPEC §9 badge tiers by pledge number, as lib/campaign/badge-tier.ts badgeForPledgeNumber().
create function public.campaign_pledge_tier(pledge_number bigint) returns text
language sql immutable
set search_path = ''
as $$
  select case when pledge_number <= 100 then 'gold'
    when pledge_number <= 1000 then 'silver'
    when pledge_number <= 10000 then 'bronze'
    else 'other' end
$$;

create function public.count_campaign_pledge_days() returns trigger
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
      from old_pledges group by 1, 2
    ) gone
    where d.day = gone.day and d.tier = gone.tier;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into public.campaign_pledge_days as d (day, tier, pledges)
    select (created_at at time zone 'UTC')::date, public.campaign_pledge_tier(pledge_number), count(*)
    from new_pledges group by 1, 2
    on conflict (day, tier) do update set pledges = d.pledges + excluded.pledges;
  end if;
  return null;
end;
$$;

revoke all on function public.campaign_pledge_tier(bigint) from public, anon, authenticated;
revoke all on function public.count_campaign_pledge_days() from public, anon, authenticated;

-- No pledge is written between the backfill and the triggers: the table is locked until this commits.
lock table public.campaign_pledges in share row exclusive mode;

create trigger campaign_pledges_count_inserts after insert on public.campaign_pledges
  referencing new table as new_pledges
  for each statement execute function public.count_campaign_pledge_days();
create trigger campaign_pledges_count_deletes after delete on public.campaign_pledges
  referencing old table as old_pledges
  for each statement execute function public.count_campaign_pledge_days();
create trigger campaign_pledges_count_updates after update on public.campaign_pledges
  referencing old table as old_pledges new table as new_pledges
  for each statement execute function public.count_campaign_pledge_days();
create trigger campaign_pledges_count_truncate after truncate on public.campaign_pledges
  for each statement execute function public.count_campaign_pledge_days();

insert into public.campaign_pledge_days (day, tier, pledges)
select (created_at at time zone 'UTC')::date, public.campaign_pledge_tier(pledge_number), count(*)
from public.campaign_pledges group by 1, 2;

alter table public.campaign_pledge_days enable row level security;
revoke all on public.campaign_pledge_days from anon, authenticated;
grant all on public.campaign_pledge_days to service_role;

-- 2. Partner pledges and contact messages: handled (answered) by an operator, or not yet. The lists
-- are read newest first a page at a time (keyset on created_at, id), all or only one state.
alter table public.campaign_partners
  add column handled_at timestamptz,
  add column handled_by uuid references public.users (id) on delete set null,
  add constraint campaign_partners_handled_by check (handled_by is null or handled_at is not null);
alter table public.campaign_contact_messages
  add column handled_at timestamptz,
  add column handled_by uuid references public.users (id) on delete set null,
  add constraint campaign_contact_messages_handled_by check (handled_by is null or handled_at is not null);

create index campaign_partners_newest_idx on public.campaign_partners (created_at, id);
create index campaign_partners_unhandled_idx on public.campaign_partners (created_at, id) where handled_at is null;
create index campaign_partners_handled_idx on public.campaign_partners (created_at, id) where handled_at is not null;
create index campaign_contact_messages_newest_idx on public.campaign_contact_messages (created_at, id);
create index campaign_contact_messages_unhandled_idx on public.campaign_contact_messages (created_at, id) where handled_at is null;
create index campaign_contact_messages_handled_idx on public.campaign_contact_messages (created_at, id) where handled_at is not null;

-- 3. Stories: pending until an operator approves or rejects one (with an optional reason); either
-- can be reversed. The approved boolean becomes the status: stories approved before keep being
-- shown (their review time is unknown: their creation stands in for it). `approved` stays, derived
-- from the status, for any reader of the old column while the app is being replaced.
alter table public.campaign_stories
  add column status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  add column reviewed_at timestamptz,
  add column reviewed_by uuid references public.users (id) on delete set null,
  add column rejection_reason text check (rejection_reason is null or char_length(rejection_reason) between 1 and 500);

update public.campaign_stories set status = 'approved', reviewed_at = created_at where approved;

alter table public.campaign_stories
  add constraint campaign_stories_reviewed check ((status = 'pending') = (reviewed_at is null)),
  add constraint campaign_stories_rejection_reason check (status = 'rejected' or rejection_reason is null),
  add constraint campaign_stories_reviewer check (reviewed_by is null or reviewed_at is not null);

drop index public.campaign_stories_approved_idx;
alter table public.campaign_stories drop column approved;
alter table public.campaign_stories add column approved boolean generated always as (status = 'approved') stored;

-- The public list: the newest approvals first (a story approved today leads the carousel).
create index campaign_stories_shown_idx on public.campaign_stories (reviewed_at desc, story_number desc) where status = 'approved';
-- The moderation lists: one status, newest first, a page at a time.
create index campaign_stories_review_idx on public.campaign_stories (status, created_at, id);
