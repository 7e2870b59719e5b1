import "server-only";
import type { TransactionSql } from "postgres";
import type { CommissionReason } from "@/lib/referrals/commission";

export type NewCommission = {
  affiliateUserId: string;
  orderId: string;
  reason: Extract<CommissionReason, "first_payment" | "renewal">;
  amountCents: number;
  baseCents: number;
  currency: string;
  stripeInvoiceId: string;
  availableAt: Date;
};

/** A commission entry locked for reversing, with what earlier reversals already took back. */
export type LockedCommission = {
  id: string;
  affiliateUserId: string;
  orderId: string;
  amountCents: number;
  currency: string;
  reversedCents: number;
};

/**
 * Serialises the ledger work of one invoice (its accrual and every reversal of it) until the
 * transaction ends: a refund processed while the invoice's commission is being accrued waits, then
 * finds the entry; an accrual that waited reads Stripe after the refund and reverses it itself.
 */
export async function lockInvoiceLedger(tx: TransactionSql, invoiceId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`commission-ledger:${invoiceId}`}, 0))`;
}

/** One commission entry per paid invoice: false when the invoice already has one. */
export async function insertCommission(tx: TransactionSql, entry: NewCommission): Promise<boolean> {
  const rows = await tx`
    insert into public.commission_entries
      (affiliate_user_id, order_id, kind, reason, amount_cents, base_cents, currency, stripe_invoice_id, available_at)
    values (${entry.affiliateUserId}, ${entry.orderId}, 'commission', ${entry.reason}, ${entry.amountCents}, ${entry.baseCents},
      ${entry.currency}, ${entry.stripeInvoiceId}, ${entry.availableAt})
    on conflict (stripe_invoice_id) where kind = 'commission' do nothing
    returning id`;
  return rows.length === 1;
}

/**
 * Notes in the ledger that a paid invoice earned the member nothing because it paid for their own
 * purchase: an entry of 0, never paid out; once per invoice.
 */
export async function insertSelfReferralNote(
  tx: TransactionSql,
  note: Pick<NewCommission, "affiliateUserId" | "orderId" | "baseCents" | "currency" | "stripeInvoiceId">,
): Promise<void> {
  await tx`
    insert into public.commission_entries
      (affiliate_user_id, order_id, kind, reason, amount_cents, base_cents, currency, stripe_invoice_id, available_at)
    values (${note.affiliateUserId}, ${note.orderId}, 'no_commission', 'self_referral', 0, ${note.baseCents},
      ${note.currency}, ${note.stripeInvoiceId}, now())
    on conflict (stripe_invoice_id) where kind = 'no_commission' do nothing`;
}

/** The invoice's commission entry, locked so concurrent reversals of it take turns. */
export async function lockCommissionForInvoice(tx: TransactionSql, invoiceId: string): Promise<LockedCommission | null> {
  const [row] = await tx<{ id: string; affiliate_user_id: string; order_id: string; amount_cents: number; currency: string }[]>`
    select id, affiliate_user_id, order_id, amount_cents, currency from public.commission_entries
    where stripe_invoice_id = ${invoiceId} and kind = 'commission'
    for update`;
  if (!row) return null;
  const [reversed] = await tx<{ cents: string }[]>`
    select coalesce(-sum(amount_cents), 0)::bigint as cents from public.commission_entries where reverses_entry_id = ${row.id}`;
  return {
    id: row.id,
    affiliateUserId: row.affiliate_user_id,
    orderId: row.order_id,
    amountCents: row.amount_cents,
    currency: row.currency,
    reversedCents: Number(reversed?.cents ?? 0),
  };
}

/**
 * Adds a reversing entry. While the commission is unpaid the reversal falls due with it (they net
 * to zero in the same payout); once it was paid out, the reversal is due at once and comes off the
 * next payout.
 */
export async function insertReversal(
  tx: TransactionSql,
  reversal: { entry: LockedCommission; reason: "refund" | "dispute_lost"; amountCents: number; stripeReference: string },
): Promise<void> {
  const { entry } = reversal;
  await tx`
    insert into public.commission_entries
      (affiliate_user_id, order_id, kind, reason, amount_cents, currency, reverses_entry_id, stripe_reference, available_at)
    select ${entry.affiliateUserId}, ${entry.orderId}, 'reversal', ${reversal.reason}, ${reversal.amountCents}, ${entry.currency},
      ${entry.id}, ${reversal.stripeReference},
      case when exists (select 1 from public.commission_payout_items where entry_id = c.id) then now() else c.available_at end
    from public.commission_entries c where c.id = ${entry.id}`;
}
