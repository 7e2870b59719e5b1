-- The /magic story form's Video and Audio answer: "We will reach out to record your … story". The
-- form asks for an address, and nobody contacts it until it confirms (D18): the request waits in
-- campaign_confirmations (purpose 'story-contact', the format chosen, no name: the form asks for
-- none), sharing the per-address ledger of confirmation emails with the pledge forms. Once confirmed
-- the story is kept with the confirmed address, and the campaign team is told to reach out.

alter table public.campaign_confirmations drop constraint campaign_confirmations_purpose_check;
alter table public.campaign_confirmations
  add constraint campaign_confirmations_purpose_check check (purpose in ('pledge', 'partner', 'story-contact'));

alter table public.campaign_confirmations
  add column story_format text check (story_format is null or story_format in ('video', 'audio'));
alter table public.campaign_confirmations alter column name drop not null;

-- A story request has its format and no name; a pledge or partner pledge has a name and no format.
alter table public.campaign_confirmations add constraint campaign_confirmations_story_fields check (
  (purpose = 'story-contact') = (story_format is not null)
  and (purpose = 'story-contact') = (name is null)
);

-- The confirmed address of someone the team will reach out to, on a video or audio story from the
-- /magic form (not yet recorded: no media).
alter table public.campaign_stories
  add column contact_email text check (contact_email is null or (char_length(contact_email) between 3 and 254 and contact_email = lower(contact_email)));
alter table public.campaign_stories add constraint campaign_stories_contact_to_record check (
  contact_email is null or (format in ('video', 'audio') and media_path is null and source = 'magic_form')
);
