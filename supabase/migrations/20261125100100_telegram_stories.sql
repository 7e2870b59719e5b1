-- The coach bot's /story conversation, one per chat while it lasts: the member's answers
-- so far. When it ends the story becomes a social post (D7) and the row goes.
create table public.telegram_story_sessions (
  chat_id bigint primary key,
  user_id uuid not null references public.users (id) on delete cascade,
  answers jsonb not null default '[]'::jsonb check (jsonb_typeof(answers) = 'array' and jsonb_array_length(answers) <= 10),
  started_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

alter table public.telegram_story_sessions enable row level security;
revoke all on public.telegram_story_sessions from anon, authenticated;
grant all on public.telegram_story_sessions to service_role;
