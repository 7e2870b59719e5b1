import "server-only";
import type Stripe from "stripe";
import { findOrderIdByInvoice, setOrderPaymentIds } from "../db/payments/orders";
import { paymentIntentOfInvoice } from "./order-access";
import { idOf, orderIdFrom } from "./stripe-ids";
import { stripe } from "./stripe-client";

// D17, Orders: operators find an order by the PaymentIntent or charge that paid it (what a bank,
// a dispute or Stripe's dashboard names). Stripe's invoice events do not carry them, so they are
// asked for once, when the order's first invoice is paid.

/** The PaymentIntent and charge of a paid invoice (null when it was not paid by a PaymentIntent). */
export async function invoicePaymentIds(invoiceId: string): Promise<{ paymentIntentId: string; chargeId: string | null } | null> {
  const paymentIntentId = await paymentIntentOfInvoice(invoiceId);
  if (!paymentIntentId) return null;
  const intent = await stripe().paymentIntents.retrieve(paymentIntentId);
  return { paymentIntentId, chargeId: idOf(intent.latest_charge) };
}

/** invoice.paid of an order's first invoice: records the payment's ids on the order (once). */
export async function recordFirstPaymentIds(invoice: Stripe.Invoice): Promise<void> {
  if (invoice.billing_reason !== "subscription_create" || invoice.status !== "paid" || invoice.amount_paid <= 0) return;
  const orderId = orderIdFrom(invoice.parent?.subscription_details?.metadata?.order_id) ?? (await findOrderIdByInvoice(invoice.id));
  if (!orderId) return;
  const ids = await invoicePaymentIds(invoice.id);
  if (ids) await setOrderPaymentIds(orderId, ids);
}
