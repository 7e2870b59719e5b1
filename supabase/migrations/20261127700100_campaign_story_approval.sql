-- Submitted stories are kept but shown only once approved (by the campaign's operators; until the
-- operator area exists, approval is this column). The public list reads the newest approved ones.
alter table public.campaign_stories add column approved boolean not null default false;

create index campaign_stories_approved_idx on public.campaign_stories (created_at desc, story_number desc) where approved;
