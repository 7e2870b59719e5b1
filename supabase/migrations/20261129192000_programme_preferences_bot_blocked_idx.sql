-- The members who blocked the coach bot (the operator's cohort page lists a cohort's) are read
-- through this index of them alone; without it the page read every member's preferences (20,002
-- rows at the scale run's size, growing with every member) to find none.
create index programme_preferences_bot_blocked_idx on public.programme_preferences (user_id) where bot_blocked_at is not null;
