-- Nobody is linked to a Telegram user without confirming it.
--
-- A dashboard start token opened in Telegram (`/start <token>`) only asks: the bot names the member
-- (masked email) and links once the Telegram user answers yes. The open question, per chat, is kept
-- here; the update that answered it is recorded so a retried reply says the same. It goes with its
-- token (pruned with it).
create table public.telegram_link_requests (
  chat_id bigint primary key,
  telegram_user_id bigint not null check (telegram_user_id > 0),
  token_hash text not null references public.telegram_start_tokens (token_hash) on delete cascade,
  requested_at timestamptz not null default now(),
  confirmed_update_id bigint check (confirmed_update_id is null or confirmed_update_id >= 0)
);

create index telegram_link_requests_token_idx on public.telegram_link_requests (token_hash);

-- A link proof from the bot's sign-in link links once: its SHA-256 is recorded when it is used.
create table public.telegram_link_proofs (
  proof_hash text primary key check (proof_hash ~ '^[0-9a-f]{64}$'),
  telegram_user_id bigint not null check (telegram_user_id > 0),
  user_id uuid references public.users (id) on delete set null,
  expires_at timestamptz not null,
  used_at timestamptz not null default now()
);

-- Messages the bot sends outside a reply (a chat told it was unlinked), sent by the telegram-message
-- job: written in the transaction that made them necessary, sent at least once, their outcome kept.
create table public.telegram_outgoing_messages (
  id uuid primary key default gen_random_uuid(),
  chat_id bigint not null,
  text text not null check (char_length(text) between 1 and 4096),
  created_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text check (last_error is null or char_length(last_error) <= 2000),
  sent_at timestamptz,
  outcome text check (outcome is null or outcome in ('sent', 'undeliverable')),
  constraint telegram_outgoing_messages_outcome_when_sent check ((outcome is null) = (sent_at is null))
);

alter table public.telegram_link_requests enable row level security;
alter table public.telegram_link_proofs enable row level security;
alter table public.telegram_outgoing_messages enable row level security;
revoke all on public.telegram_link_requests, public.telegram_link_proofs, public.telegram_outgoing_messages from anon, authenticated;
grant all on public.telegram_link_requests, public.telegram_link_proofs, public.telegram_outgoing_messages to service_role;

