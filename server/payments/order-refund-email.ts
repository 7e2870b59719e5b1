import "server-only";
import { orderReference } from "@/lib/operator/order-details";
import { siteUrl } from "@/lib/site";
import { getCohortSummary } from "../db/cohorts/cohort-queries";
import { getOrder } from "../db/payments/orders";
import type { EmailMessage } from "../email/send-email";
import { orderRefundEmail } from "../email/templates/order-refund";

/** What an order-refund email's outbox row keeps (server/payments/refund-email.ts queues it). */
export type RefundEmailData = {
  orderId: string;
  stripeRefundId: string;
  amountCents: number;
  currency: string;
  /** Everything paid is back with this refund: the seat is released and the subscription ends. */
  fullRefund: boolean;
};

/** The email telling a buyer about a refund: its amount and what happens to their seat and subscription. */
export async function renderOrderRefundEmail(to: string, data: RefundEmailData): Promise<EmailMessage> {
  const order = await getOrder(data.orderId);
  if (!order) throw new Error(`Order ${data.orderId} does not exist`);
  const cohort = await getCohortSummary(order.cohortId);
  return orderRefundEmail({
    to,
    planName: order.planName,
    refundedCents: data.amountCents,
    currency: data.currency,
    fullRefund: data.fullRefund,
    cohortName: cohort?.name ?? null,
    orderReference: orderReference(order.id),
    dashboardUrl: siteUrl("/dashboard"),
  });
}
