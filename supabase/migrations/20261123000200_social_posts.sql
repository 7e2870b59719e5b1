-- D7, SPEC §3 Post: a social post made from someone's glucose story, edited through a link that
-- carries the post id and a token. Only the token's SHA-256 is kept, with the time it stops working.
-- The product backend alone reads and writes posts: browsers reach them through /api/social-posts.
create table public.social_posts (
  id uuid primary key default gen_random_uuid(),
  -- The author's account when the story came from a member; the post outlives the account.
  owner_id uuid references auth.users (id) on delete set null,
  source text not null check (source in ('operator', 'coach_bot', 'campaign')),
  content text not null check (char_length(content) between 1 and 3000),
  referral_link text not null check (referral_link ~ '^https?://' and char_length(referral_link) <= 2048),
  user_inputs text not null default '' check (char_length(user_inputs) <= 1000),
  -- SPEC §3 num_of_regen; D7 caps it (lib/posts/post-rules.ts MAX_REGENERATIONS).
  num_of_regen integer not null default 0 check (num_of_regen between 0 and 10),
  -- Messages with content and sender ('user' or 'mini_assistant'), oldest first.
  story_messages jsonb not null default '[]'::jsonb
    check (jsonb_typeof(story_messages) = 'array' and jsonb_array_length(story_messages) <= 200),
  edit_token_hash text not null check (edit_token_hash ~ '^[0-9a-f]{64}$'),
  edit_token_expires_at timestamptz not null,
  shared_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint social_posts_edit_token_hash_key unique (edit_token_hash)
);

create index social_posts_owner_idx on public.social_posts (owner_id) where owner_id is not null;

create trigger social_posts_set_updated_at
  before update on public.social_posts
  for each row execute function public.set_updated_at();

-- The post's share cards (SPEC §2: at most 9 images). The app renders each one (next/og) from its
-- words here; the random id is the image's address, so a card can be shared without the edit link.
create table public.social_post_images (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.social_posts (id) on delete cascade,
  position smallint not null check (position between 0 and 8),
  theme text not null check (theme in ('teal', 'amber', 'ink')),
  headline text not null check (char_length(headline) between 1 and 120),
  body text not null check (char_length(body) <= 400),
  description text not null check (char_length(description) between 1 and 500),
  created_at timestamptz not null default now(),
  constraint social_post_images_position_key unique (post_id, position)
);

alter table public.social_posts enable row level security;
alter table public.social_post_images enable row level security;

-- No policies and no grants to anon or authenticated (20261122000000_api_role_privileges.sql
-- already keeps new tables closed to them): the Data API cannot see a post, its token hash or its
-- story.
grant all on public.social_posts, public.social_post_images to service_role;
