-- What browsers may do through the Data API (/rest/v1), stated once. A Supabase project grants anon
-- and authenticated everything the migrating role creates in public (tables, sequences, functions),
-- directly and not through PUBLIC, so a `revoke ... from public` leaves a function such as
-- claim_paid_orders callable with the anon key, and a table-level UPDATE grant makes column grants
-- meaningless. Everything is taken back from these roles here, then granted again only where an RLS
-- policy says what a browser may see or change.
revoke all on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;
revoke all on all routines in schema public from public, anon, authenticated;

-- Later tables, sequences and functions start closed to the API roles; each grant is a decision.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;

grant select on public.cohorts to anon, authenticated;
grant select on public.users, public.orders, public.cohort_seats, public.subscriptions to authenticated;
grant update (botsetup_completed, botsetup_step) on public.users to authenticated;

-- A member's own row: only the bot set-up changes from the browser, whatever the grants say later.
-- The account's id, email and type are changed by the product backend (or Supabase Auth) alone.
create or replace function public.guard_user_identity() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
    and (to_jsonb(new) - 'botsetup_completed' - 'botsetup_step' - 'updated_at')
      is distinct from (to_jsonb(old) - 'botsetup_completed' - 'botsetup_step' - 'updated_at') then
    raise exception 'Only the bot set-up of an account can be changed by its member'
      using errcode = 'insufficient_privilege';
  end if;
  return new;
end;
$$;

revoke all on function public.guard_user_identity() from public, anon, authenticated;

create trigger users_guard_identity
  before update on public.users
  for each row execute function public.guard_user_identity();
