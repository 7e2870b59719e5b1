-- D15, D16: a verified Telegram update is stored whole with the job that answers it and
-- acknowledged at once. It is processed when its reply went out, or when Telegram refused the reply
-- for good (the bot blocked, the chat gone): outcome says which, attempts and last_error how it went.
alter table public.telegram_updates
  add column payload jsonb check (payload is null or jsonb_typeof(payload) = 'object'),
  add column attempts integer not null default 0 check (attempts >= 0),
  add column last_error text check (last_error is null or char_length(last_error) <= 2000),
  add column processed_at timestamptz,
  add column outcome text check (outcome is null or outcome in ('handled', 'undeliverable')),
  add constraint telegram_updates_outcome_when_processed check ((outcome is null) = (processed_at is null));

-- Updates recorded before this change were handled (at most once) when they were recorded.
update public.telegram_updates set processed_at = received_at, outcome = 'handled' where processed_at is null;

create index telegram_updates_unprocessed_idx on public.telegram_updates (received_at) where processed_at is null;

-- A retried update must not add the same /story answer twice: the session remembers the last
-- update whose answer it took.
alter table public.telegram_story_sessions add column last_update_id bigint;

-- The post a /story conversation's last answer made, keyed by that answer's update. The post's
-- edit token is derived from the update id with a server key (server/posts/story-post.ts), so a
-- retried reply and the member's dashboard give the same link while only its hash is stored.
create table public.telegram_story_posts (
  post_id uuid primary key references public.social_posts (id) on delete cascade,
  update_id bigint not null check (update_id >= 0),
  user_id uuid not null references public.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint telegram_story_posts_update_key unique (update_id, user_id)
);

create index telegram_story_posts_user_idx on public.telegram_story_posts (user_id, created_at desc);

alter table public.telegram_story_posts enable row level security;
revoke all on public.telegram_story_posts from anon, authenticated;
grant all on public.telegram_story_posts to service_role;
