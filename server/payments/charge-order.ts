import "server-only";
import { findOrderIdByInvoice, getOrder, type Order } from "../db/payments/orders";
import { fulfilCheckoutSessionById } from "./fulfilment";
import { idOf, orderIdFrom } from "./stripe-ids";
import { stripe } from "./stripe-client";

/**
 * The order whose first payment a PaymentIntent was; null for any other payment (a renewal, a
 * charge of no order). D4: a refund or dispute may be delivered before the payment itself was
 * processed, so an order that does not know its invoice yet is found through the subscription's
 * metadata and fulfilled first; the refund then applies to a paid order, in whatever order the
 * events arrive.
 */
export async function orderFirstPaidBy(paymentIntentId: string): Promise<Order | null> {
  const payments = await stripe().invoicePayments.list({ payment: { type: "payment_intent", payment_intent: paymentIntentId }, limit: 1 });
  const invoiceId = idOf(payments.data[0]?.invoice);
  if (!invoiceId) return null;
  const known = await findOrderIdByInvoice(invoiceId);
  if (known) return getOrder(known);
  const invoice = await stripe().invoices.retrieve(invoiceId);
  if (invoice.billing_reason !== "subscription_create") return null;
  const orderId = orderIdFrom(invoice.parent?.subscription_details?.metadata?.order_id);
  const order = orderId ? await getOrder(orderId) : null;
  if (!order?.stripeCheckoutSessionId) return null;
  await fulfilCheckoutSessionById(order.stripeCheckoutSessionId);
  const fulfilled = await getOrder(order.id);
  return fulfilled?.stripeInvoiceId === invoiceId ? fulfilled : null;
}
