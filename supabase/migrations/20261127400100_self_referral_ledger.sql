-- A member who buys with their own coupon or link earns nothing, and the
-- ledger says so. The order remembers whose referral its buyer used on themself; each of its paid
-- invoices adds a 'no_commission' entry of 0 with the reason 'self_referral' to that member's
-- ledger (one per invoice). Such entries are never paid out.

alter table public.orders
  add column self_referral_user_id uuid references public.affiliates (user_id) on delete set null;

alter table public.commission_entries drop constraint commission_entries_kind_check;
alter table public.commission_entries drop constraint commission_entries_reason_check;
alter table public.commission_entries drop constraint commission_entries_shape;

alter table public.commission_entries
  add constraint commission_entries_kind_check check (kind in ('commission', 'reversal', 'no_commission')),
  add constraint commission_entries_reason_check
    check (reason in ('first_payment', 'renewal', 'refund', 'dispute_lost', 'self_referral')),
  add constraint commission_entries_shape check (
    (kind = 'commission' and amount_cents > 0 and base_cents is not null and stripe_invoice_id is not null
      and reverses_entry_id is null and reason in ('first_payment', 'renewal'))
    or (kind = 'reversal' and amount_cents < 0 and reverses_entry_id is not null and reason in ('refund', 'dispute_lost'))
    or (kind = 'no_commission' and amount_cents = 0 and base_cents is not null and stripe_invoice_id is not null
      and reverses_entry_id is null and reason = 'self_referral')
  );

create unique index commission_entries_one_note_per_invoice on public.commission_entries (stripe_invoice_id)
  where kind = 'no_commission';
