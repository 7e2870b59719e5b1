import "server-only";
import type Stripe from "stripe";
import { REFUND_WINDOW_DAYS, commissionCents, paidBeforeTaxCents } from "@/lib/referrals/commission";
import { db } from "../db/client";
import { findOrderIdByInvoice } from "../db/payments/orders";
import { insertCommission, insertSelfReferralNote, lockInvoiceLedger } from "../db/referrals/referrals-ledger";
import { clearOrderAffiliate, findOrderIdBySubscription, getOrderReferral } from "../db/referrals/referrals-orders";
import { log } from "../log";
import { idOf, orderIdFrom } from "../payments/stripe-ids";
import { invoicePaymentTakeBack, reverseTakenBack } from "./commission-reversal";
import { isSelfReferral } from "./self-referral";

const DAY_MS = 86_400_000;

/** The order an invoice bills: from the subscription's metadata, else by subscription or invoice id. */
async function orderIdForInvoice(invoice: Stripe.Invoice): Promise<string | null> {
  const details = invoice.parent?.subscription_details;
  const fromMetadata = orderIdFrom(details?.metadata?.order_id);
  if (fromMetadata) return fromMetadata;
  const subscriptionId = idOf(details?.subscription);
  return (subscriptionId ? await findOrderIdBySubscription(subscriptionId) : null) ?? (await findOrderIdByInvoice(invoice.id));
}

/**
 * D14: a paid invoice of a referred order (the first payment or a renewal) earns its affiliate 20%
 * of what was paid before tax: a ledger entry, pending for the 30-day refund window, then due.
 * Each invoice earns once, however often Stripe delivers the event. A buyer who turns out to be
 * the affiliate themself earns nothing, the order is no longer credited to them, and their ledger
 * says why (an entry of 0, reason self_referral, for each paid invoice of the order).
 *
 * Stripe does not order events: a refund or lost dispute may have been processed before this
 * invoice.paid, when there was no entry to reverse. So the accrual reads what the payment has lost
 * by now and records the reversal with the entry, in one transaction, under the invoice's ledger
 * lock: a reversal processed at the same time either ran before (and Stripe already shows its
 * refund to the read below) or waits and then finds the entry.
 */
export async function accrueCommissionForInvoice(invoice: Stripe.Invoice): Promise<void> {
  if (invoice.status !== "paid" || invoice.amount_paid <= 0) return;
  const orderId = await orderIdForInvoice(invoice);
  const order = orderId ? await getOrderReferral(orderId) : null;
  if (!order) return;
  const tax = (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
  const baseCents = paidBeforeTaxCents(invoice.amount_paid, tax);
  const note = { orderId: order.id, baseCents, currency: invoice.currency, stripeInvoiceId: invoice.id };
  const affiliateUserId = order.affiliateUserId;
  const ownReferral = order.selfReferralUserId;
  if (!affiliateUserId) {
    if (ownReferral) await db().begin((tx) => insertSelfReferralNote(tx, { ...note, affiliateUserId: ownReferral }));
    return;
  }
  if (await isSelfReferral(affiliateUserId, { userId: order.userId, emails: [invoice.customer_email, order.email] })) {
    log.info("A buyer used their own referral; no commission", { orderId: order.id });
    await db().begin(async (tx) => {
      await clearOrderAffiliate(tx, order.id, affiliateUserId);
      await insertSelfReferralNote(tx, { ...note, affiliateUserId });
    });
    return;
  }
  const amountCents = commissionCents(baseCents);
  if (amountCents <= 0) return;
  const paidAt = invoice.status_transitions?.paid_at ? invoice.status_transitions.paid_at * 1000 : Date.now();
  await db().begin(async (tx) => {
    await lockInvoiceLedger(tx, invoice.id);
    await insertCommission(tx, {
      affiliateUserId,
      orderId: order.id,
      reason: invoice.billing_reason === "subscription_create" || invoice.id === order.stripeInvoiceId ? "first_payment" : "renewal",
      amountCents,
      baseCents,
      currency: invoice.currency,
      stripeInvoiceId: invoice.id,
      availableAt: new Date(paidAt + REFUND_WINDOW_DAYS * DAY_MS),
    });
    const takeBack = await invoicePaymentTakeBack(invoice.id);
    if (takeBack) await reverseTakenBack(tx, invoice.id, takeBack);
  });
}
