-- D18: the table of requests waiting for their address to confirm them holds pledges, partner
-- pledges, story contacts and waitlist places, so its name says what it holds, not one of its uses.
-- Its constraints and indexes are renamed with it.
alter table public.campaign_confirmations rename to address_confirmations;

do $$
declare
  item record;
begin
  for item in
    select conname as name from pg_constraint
    where conrelid = 'public.address_confirmations'::regclass and conname like 'campaign\_confirmations\_%'
  loop
    execute format('alter table public.address_confirmations rename constraint %I to %I',
      item.name, replace(item.name, 'campaign_confirmations', 'address_confirmations'));
  end loop;
  for item in
    select indexname as name from pg_indexes
    where schemaname = 'public' and tablename = 'address_confirmations' and indexname like 'campaign\_confirmations\_%'
  loop
    execute format('alter index public.%I rename to %I',
      item.name, replace(item.name, 'campaign_confirmations', 'address_confirmations'));
  end loop;
end
$$;
