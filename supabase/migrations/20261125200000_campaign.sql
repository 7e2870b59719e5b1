-- D6: the awareness campaign keeps what people give it. SPEC §3 Campaign forms.
-- The product backend alone reads and writes these tables: no grants to anon or authenticated
-- (20261122000000_api_role_privileges.sql keeps new tables closed to them) and RLS on, no policies.

-- One pledge per person: email_identity is the address as lib/email/email-address.ts emailIdentity()
-- compares it (lower case, no +tag, Gmail without dots), so one inbox cannot farm low numbers.
-- pledge_number is the real sequence, without gaps: the backend numbers pledges under one lock.
create table public.campaign_pledges (
  id uuid primary key default gen_random_uuid(),
  pledge_number bigint not null check (pledge_number >= 1),
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254 and email = lower(email)),
  email_identity text not null check (char_length(email_identity) between 3 and 254),
  created_at timestamptz not null default now(),
  constraint campaign_pledges_number_key unique (pledge_number),
  constraint campaign_pledges_email_identity_key unique (email_identity)
);

-- SPEC §3 Story submission: type (video, audio, text) and content; a video or recording is a
-- reference to a stored file. story_number is the story's place among all (its "voice number"),
-- numbered like pledges.
create table public.campaign_stories (
  id uuid primary key default gen_random_uuid(),
  story_number bigint not null check (story_number >= 1),
  format text not null check (format in ('video', 'audio', 'text')),
  content text not null default '' check (char_length(content) <= 2000),
  topic text check (topic is null or char_length(topic) between 1 and 60),
  media_path text check (media_path is null or media_path ~ '^stories/[0-9a-f-]{36}\.(webm|mp4|mov)$'),
  source text not null check (source in ('magic_form', 'story_wizard')),
  social_post_id uuid references public.social_posts (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint campaign_stories_number_key unique (story_number),
  constraint campaign_stories_text_has_words check (format <> 'text' or char_length(btrim(content)) >= 1)
);

-- SPEC §3 Partner pledge with the spec's organisation types and regions.
create table public.campaign_partners (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254 and email = lower(email)),
  org_name text not null check (char_length(org_name) between 1 and 150),
  org_type text not null check (org_type in ('government', 'ngo', 'enterprise', 'education', 'healthcare', 'other')),
  region text not null check (region in ('north-america', 'south-america', 'europe', 'africa', 'asia-pacific', 'middle-east')),
  created_at timestamptz not null default now()
);

-- SPEC §3 Contact form: name, email, organisation (optional), message.
create table public.campaign_contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254 and email = lower(email)),
  org_name text check (org_name is null or char_length(org_name) between 1 and 150),
  message text not null check (char_length(message) between 1 and 2000),
  created_at timestamptz not null default now()
);

alter table public.campaign_pledges enable row level security;
alter table public.campaign_stories enable row level security;
alter table public.campaign_partners enable row level security;
alter table public.campaign_contact_messages enable row level security;

grant all on public.campaign_pledges, public.campaign_stories, public.campaign_partners, public.campaign_contact_messages to service_role;
