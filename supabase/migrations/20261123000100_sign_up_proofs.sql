-- An email confirmation proves the address, not who chose the password. A sign-up whose
-- password is the one the unconfirmed account holds leaves a proof for the browser that sent it
-- (the SHA-256 of a random id kept in an httpOnly cookie there); only a confirmation opened in that
-- browser keeps the password. Anywhere else the password set before confirmation is discarded.
create table public.sign_up_proofs (
  user_id uuid not null references auth.users (id) on delete cascade,
  browser_hash text not null check (browser_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  primary key (user_id, browser_hash)
);

create index sign_up_proofs_created_idx on public.sign_up_proofs (created_at);

-- Only the product backend reads or writes proofs; nothing is exposed to anon or authenticated.
alter table public.sign_up_proofs enable row level security;
revoke all on public.sign_up_proofs from anon, authenticated;
grant all on public.sign_up_proofs to service_role;
