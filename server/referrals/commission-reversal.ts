import "server-only";
import type { TransactionSql } from "postgres";
import type Stripe from "stripe";
import { reversedCommissionCents } from "@/lib/referrals/commission";
import { db } from "../db/client";
import { insertReversal, lockCommissionForInvoice, lockInvoiceLedger } from "../db/referrals/referrals-ledger";
import { paymentIntentOfInvoice } from "../payments/order-access";
import { idOf } from "../payments/stripe-ids";
import { stripe } from "../payments/stripe-client";

/** What refunds and lost disputes have taken back from one payment in all, and what caused them. */
export type PaymentTakeBack = {
  paidCents: number;
  refundedCents: number;
  lostDisputeCents: number;
  /** The Stripe objects a reversing entry names: the refunded charge, the lost dispute. */
  chargeId: string;
  disputeId: string | null;
};

async function invoiceIdForPayment(paymentIntentId: string): Promise<string | null> {
  const payments = await stripe().invoicePayments.list({ payment: { type: "payment_intent", payment_intent: paymentIntentId }, limit: 1 });
  return idOf(payments.data[0]?.invoice);
}

/**
 * D14: brings the invoice's reversals up to what its payment lost, as new reversing entries
 * (history is never edited): first the share its refunds took back, then the share its lost
 * disputes took on top. The figures are totals, so a repeated or late event adds nothing twice.
 * Runs under the invoice's ledger lock (lockInvoiceLedger).
 */
export async function reverseTakenBack(tx: TransactionSql, invoiceId: string, takeBack: PaymentTakeBack): Promise<void> {
  const entry = await lockCommissionForInvoice(tx, invoiceId);
  if (!entry) return;
  let reversed = entry.reversedCents;
  const steps = [
    { reason: "refund" as const, takenBackCents: takeBack.refundedCents, reference: takeBack.chargeId },
    { reason: "dispute_lost" as const, takenBackCents: takeBack.refundedCents + takeBack.lostDisputeCents, reference: takeBack.disputeId },
  ];
  for (const step of steps) {
    if (!step.reference) continue;
    const more = reversedCommissionCents(entry.amountCents, takeBack.paidCents, step.takenBackCents) - reversed;
    if (more <= 0) continue;
    await insertReversal(tx, { entry, reason: step.reason, amountCents: -more, stripeReference: step.reference });
    reversed += more;
  }
}

/**
 * What Stripe says an invoice's payment has lost by now: its charge's refunds and its lost
 * disputes. Null when the invoice was not paid by a charge.
 */
export async function invoicePaymentTakeBack(invoiceId: string): Promise<PaymentTakeBack | null> {
  const paymentIntentId = await paymentIntentOfInvoice(invoiceId);
  if (!paymentIntentId) return null;
  const [charges, disputes] = await Promise.all([
    stripe().charges.list({ payment_intent: paymentIntentId, limit: 10 }),
    stripe().disputes.list({ payment_intent: paymentIntentId, limit: 10 }),
  ]);
  const charge = charges.data.find((c) => c.status === "succeeded");
  if (!charge) return null;
  const lost = disputes.data.filter((d) => d.status === "lost");
  return {
    paidCents: charge.amount,
    refundedCents: charge.amount_refunded,
    lostDisputeCents: lost.reduce((sum, d) => sum + d.amount, 0),
    chargeId: charge.id,
    disputeId: lost[0]?.id ?? null,
  };
}

/** Reverses what a payment lost, under its invoice's ledger lock. */
async function reverseCommission(paymentIntentId: string | null, takeBack: PaymentTakeBack): Promise<void> {
  if (!paymentIntentId || takeBack.refundedCents + takeBack.lostDisputeCents <= 0) return;
  const invoiceId = await invoiceIdForPayment(paymentIntentId);
  if (!invoiceId) return;
  await db().begin(async (tx) => {
    await lockInvoiceLedger(tx, invoiceId);
    await reverseTakenBack(tx, invoiceId, takeBack);
  });
}

/** charge.refunded: the refunded share of the payment's commission is reversed. */
export async function reverseCommissionForRefund(charge: Stripe.Charge): Promise<void> {
  await reverseCommission(idOf(charge.payment_intent), {
    paidCents: charge.amount,
    refundedCents: charge.amount_refunded,
    lostDisputeCents: 0,
    chargeId: charge.id,
    disputeId: null,
  });
}

export type ClosedDispute = Pick<Stripe.Dispute, "id" | "status" | "amount" | "charge" | "payment_intent">;

/** charge.dispute.closed: a lost dispute reverses the disputed share of the payment's commission. */
export async function reverseCommissionForDispute(dispute: ClosedDispute): Promise<void> {
  if (dispute.status !== "lost") return;
  const charge = typeof dispute.charge === "string" ? await stripe().charges.retrieve(dispute.charge) : dispute.charge;
  await reverseCommission(idOf(dispute.payment_intent) ?? idOf(charge.payment_intent), {
    paidCents: charge.amount,
    refundedCents: charge.amount_refunded,
    lostDisputeCents: dispute.amount,
    chargeId: charge.id,
    disputeId: dispute.id,
  });
}
