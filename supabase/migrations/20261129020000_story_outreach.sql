-- A story its teller asked the team to record (a video or audio request from /magic, with a
-- confirmed address and nothing recorded) moves through the team's outreach: reached out, then
-- recorded. Each step keeps when and by whom; the review (approve or reject) stays separate.
alter table public.campaign_stories
  add column outreach text check (outreach in ('reached_out', 'recorded')),
  add column outreach_at timestamptz,
  add column outreach_by uuid references public.users (id) on delete set null;

alter table public.campaign_stories
  add constraint campaign_stories_outreach_at check ((outreach is null) = (outreach_at is null)),
  add constraint campaign_stories_outreach_by check (outreach_by is null or outreach_at is not null),
  add constraint campaign_stories_outreach_request check (outreach is null or contact_email is not null);
