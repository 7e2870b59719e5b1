-- SPEC §3 Users table: one row per account with an email, created by the database itself when
-- Supabase Auth creates (or confirms an email for) a user, so no sign-in path can miss it.
create table public.users (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null check (char_length(email) between 3 and 254),
  user_type text not null default 'client' check (user_type ~ '^[a-z_]{1,32}$'),
  botsetup_completed boolean not null default false,
  botsetup_step jsonb not null default '{"currentStep": 0, "completedSteps": [], "telegramLinked": false}'::jsonb
    check (jsonb_typeof(botsetup_step) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint users_email_key unique (email)
);

create trigger users_set_updated_at
  before update on public.users
  for each row execute function public.set_updated_at();

create or replace function public.handle_auth_user_email() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Anonymous users have no email yet; they get a row once they add one.
  if new.email is null then
    return new;
  end if;
  insert into public.users (id, email)
  values (new.id, lower(new.email))
  on conflict (id) do update set email = excluded.email;
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_auth_user_email();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row when (old.email is distinct from new.email)
  execute function public.handle_auth_user_email();

alter table public.users enable row level security;

create policy "Members read their own row"
  on public.users for select
  to authenticated
  using ((select auth.uid()) = id);

create policy "Members update their own bot set-up"
  on public.users for update
  to authenticated
  using ((select auth.uid()) = id)
  with check ((select auth.uid()) = id);

grant select on public.users to authenticated;
grant update (botsetup_completed, botsetup_step) on public.users to authenticated;
grant all on public.users to service_role;
