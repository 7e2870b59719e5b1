-- D8, D15: the coach bot. A member is linked to one Telegram user (and its private chat),
-- and a Telegram user to one member. Links are made only through a one-time start token the dashboard
-- issues (stored as its SHA-256, expiring, single use) or a proof the bot signs; each update Telegram
-- delivers is processed once. Only the product backend reads or writes these tables.
create table public.telegram_links (
  user_id uuid primary key references public.users (id) on delete cascade,
  telegram_user_id bigint not null check (telegram_user_id > 0),
  chat_id bigint not null,
  telegram_username text check (telegram_username is null or telegram_username ~ '^[A-Za-z0-9_]{1,64}$'),
  first_name text check (first_name is null or char_length(first_name) <= 256),
  linked_at timestamptz not null default now(),
  constraint telegram_links_telegram_user_key unique (telegram_user_id),
  constraint telegram_links_chat_key unique (chat_id)
);

create table public.telegram_start_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references public.users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create index telegram_start_tokens_user_idx on public.telegram_start_tokens (user_id);

create table public.telegram_updates (
  update_id bigint primary key check (update_id >= 0),
  received_at timestamptz not null default now()
);

-- The walkthrough's QR code (SPEC §2): the phone that opens its link is recorded, so the laptop
-- that shows it can tell the code was scanned.
create table public.telegram_qr_scans (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references public.users (id) on delete cascade,
  expires_at timestamptz not null,
  scanned_at timestamptz,
  created_at timestamptz not null default now()
);

create index telegram_qr_scans_user_idx on public.telegram_qr_scans (user_id);

alter table public.telegram_links enable row level security;
alter table public.telegram_start_tokens enable row level security;
alter table public.telegram_updates enable row level security;
alter table public.telegram_qr_scans enable row level security;
revoke all on public.telegram_links, public.telegram_start_tokens, public.telegram_updates, public.telegram_qr_scans
  from anon, authenticated;
grant all on public.telegram_links, public.telegram_start_tokens, public.telegram_updates, public.telegram_qr_scans
  to service_role;
