-- D2: a purchase belongs to whoever proves they own the email it was paid with. A confirmed email
-- is that proof, whichever way it came (the set-up link, a sign-up confirmation, Google), so the
-- database links a buyer's paid orders, their seats and subscriptions to the account the moment
-- the address is confirmed, and no sign-up path can leave a purchase behind.
create or replace function public.claim_paid_orders(p_user_id uuid, p_email text) returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  claimed integer;
  seat record;
begin
  update public.orders set user_id = p_user_id
  where user_id is null and email = lower(p_email) and status in ('paid', 'refunded');
  get diagnostics claimed = row_count;

  -- One live seat per member and cohort: a second purchase for a cohort the member already sits in
  -- keeps its seat unlinked (the order itself is theirs).
  for seat in
    select s.id, s.cohort_id from public.cohort_seats s
    join public.orders o on o.id = s.order_id
    where o.user_id = p_user_id and s.user_id is null and s.status <> 'released'
    order by s.created_at
  loop
    update public.cohort_seats set user_id = p_user_id
    where id = seat.id
      and not exists (
        select 1 from public.cohort_seats other
        where other.cohort_id = seat.cohort_id and other.user_id = p_user_id and other.status <> 'released');
  end loop;

  update public.subscriptions sub set user_id = p_user_id
  from public.orders o
  where o.id = sub.order_id and o.user_id = p_user_id and sub.user_id is null;
  return claimed;
end;
$$;

revoke all on function public.claim_paid_orders(uuid, text) from public;
grant execute on function public.claim_paid_orders(uuid, text) to service_role;

create or replace function public.handle_auth_user_confirmed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.claim_paid_orders(new.id, new.email);
  return new;
end;
$$;

create trigger on_auth_user_created_confirmed
  after insert on auth.users
  for each row when (new.email is not null and new.email_confirmed_at is not null)
  execute function public.handle_auth_user_confirmed();

create trigger on_auth_user_email_confirmed
  after update of email_confirmed_at on auth.users
  for each row when (old.email_confirmed_at is null and new.email_confirmed_at is not null and new.email is not null)
  execute function public.handle_auth_user_confirmed();
