-- D17 Operators: the people who run the challenge are members whose users.user_type is 'operator',
-- set and unset only by `npm run operator -- grant|revoke EMAIL` (the product backend's role). Every
-- change they make is kept in an append-only audit log, written in the change's own transaction.

-- SPEC §6 keeps user_type out of members' sight: the browser roles read their own row without it,
-- so an operator's type never reaches a browser through the Data API either.
revoke select on public.users from authenticated;
grant select (id, email, botsetup_completed, botsetup_step, created_at, updated_at) on public.users to authenticated;

-- An operator can close a cohort to new buyers; its seats, dates and status are left as they are
-- (the status keeps following the dates, cohort-status-by-date).
alter table public.cohorts add column closed_at timestamptz;

drop index if exists public.cohorts_upcoming_idx;
create index cohorts_upcoming_idx on public.cohorts (language, start_cohort_date) where status = 'upcoming' and closed_at is null;

-- Who (the operator's account id and email as they were, or the command line), what (an action on
-- a subject), the subject's state before and after, when. No foreign key to the account: the log
-- outlives it, and a cascading update would be a change to the log.
create table public.operator_audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid,
  actor text not null check (char_length(actor) between 1 and 254),
  action text not null check (action ~ '^[a-z][a-z_.]{0,63}$'),
  subject_type text not null check (subject_type ~ '^[a-z_]{1,32}$'),
  subject_id text not null check (char_length(subject_id) between 1 and 254),
  before jsonb check (before is null or jsonb_typeof(before) = 'object'),
  after jsonb check (after is null or jsonb_typeof(after) = 'object'),
  created_at timestamptz not null default now()
);

create index operator_audit_log_subject_idx on public.operator_audit_log (subject_type, subject_id, id desc);

-- A row naming an account must name an operator at the time of writing: the log cannot be made to
-- say that a member did an operator's work.
create or replace function public.guard_operator_audit_actor() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.actor_id is not null
    and not exists (select 1 from public.users where id = new.actor_id and user_type = 'operator') then
    raise exception 'Only an operator can be the actor of an operator audit entry'
      using errcode = 'insufficient_privilege';
  end if;
  return new;
end;
$$;

revoke all on function public.guard_operator_audit_actor() from public, anon, authenticated;

create trigger operator_audit_log_actor_is_operator
  before insert on public.operator_audit_log
  for each row execute function public.guard_operator_audit_actor();

-- Append-only, whoever asks (refuse_ledger_change: the commission ledger's guard).
create trigger operator_audit_log_append_only
  before update or delete on public.operator_audit_log
  for each row execute function public.refuse_ledger_change();
create trigger operator_audit_log_no_truncate
  before truncate on public.operator_audit_log
  for each statement execute function public.refuse_ledger_change();

alter table public.operator_audit_log enable row level security;

revoke all on public.operator_audit_log from anon, authenticated;
revoke update, delete, truncate on public.operator_audit_log from service_role;
grant select, insert on public.operator_audit_log to service_role;
