-- The coach bot counts as set up only once the member's chat is linked (a telegram_links row): a
-- walkthrough whose steps were all ticked by hand, without the bot ever seeing the member, left
-- botsetup_completed true while the coach could not reach them. Such rows are set right here; the
-- product backend writes the flag with the link from now on.
update public.users u set botsetup_completed = false
where u.botsetup_completed
  and not exists (select 1 from public.telegram_links l where l.user_id = u.id);
