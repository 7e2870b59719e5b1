-- D19: the member's time zone (an IANA name such as America/Los_Angeles), so every day count they
-- read (the dashboard's card, the coach bot's /today) is told from their own calendar date. Set from
-- the browser on the member's first dashboard visit and editable there; null until then. The
-- product backend checks the name against Intl before storing it; the constraint keeps out anything
-- that is not shaped like one.
alter table public.users add column time_zone text
  constraint users_time_zone_shape check (time_zone is null or time_zone ~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$');
