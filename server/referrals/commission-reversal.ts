import "server-only";
import type Stripe from "stripe";
import { reversedCommissionCents } from "@/lib/referral/commission";
import { db } from "../db/client";
import { insertReversal, lockCommissionForInvoice } from "../db/referrals-ledger";
import { idOf } from "../payments/stripe-ids";
import { stripe } from "../payments/stripe-client";

type TakeBack = {
  paymentIntentId: string | null;
  /** What the charge was for, and how much of it refunds and lost disputes have taken back in all. */
  paidCents: number;
  takenBackCents: number;
  reason: "refund" | "dispute_lost";
  stripeReference: string;
};

async function invoiceIdForPayment(paymentIntentId: string): Promise<string | null> {
  const payments = await stripe().invoicePayments.list({ payment: { type: "payment_intent", payment_intent: paymentIntentId }, limit: 1 });
  return idOf(payments.data[0]?.invoice);
}

/**
 * D14: takes back the share of the invoice's commission that refunds and lost disputes took back
 * from its payment, as a new reversing entry; history is never edited. The figures are totals, so
 * a repeated or late event adds nothing twice, and the entry is locked while the difference is
 * written.
 */
async function reverseCommission(takeBack: TakeBack): Promise<void> {
  if (!takeBack.paymentIntentId || takeBack.takenBackCents <= 0) return;
  const invoiceId = await invoiceIdForPayment(takeBack.paymentIntentId);
  if (!invoiceId) return;
  await db().begin(async (tx) => {
    const entry = await lockCommissionForInvoice(tx, invoiceId);
    if (!entry) return;
    const more = reversedCommissionCents(entry.amountCents, takeBack.paidCents, takeBack.takenBackCents) - entry.reversedCents;
    if (more <= 0) return;
    await insertReversal(tx, { entry, reason: takeBack.reason, amountCents: -more, stripeReference: takeBack.stripeReference });
  });
}

/** charge.refunded: the refunded share of the payment's commission is reversed. */
export async function reverseCommissionForRefund(charge: Stripe.Charge): Promise<void> {
  await reverseCommission({
    paymentIntentId: idOf(charge.payment_intent),
    paidCents: charge.amount,
    takenBackCents: charge.amount_refunded,
    reason: "refund",
    stripeReference: charge.id,
  });
}

export type ClosedDispute = Pick<Stripe.Dispute, "id" | "status" | "amount" | "charge" | "payment_intent">;

/** charge.dispute.closed: a lost dispute reverses the disputed share of the payment's commission. */
export async function reverseCommissionForDispute(dispute: ClosedDispute): Promise<void> {
  if (dispute.status !== "lost") return;
  const charge = typeof dispute.charge === "string" ? await stripe().charges.retrieve(dispute.charge) : dispute.charge;
  await reverseCommission({
    paymentIntentId: idOf(dispute.payment_intent) ?? idOf(charge.payment_intent),
    paidCents: charge.amount,
    takenBackCents: charge.amount_refunded + dispute.amount,
    reason: "dispute_lost",
    stripeReference: dispute.id,
  });
}
