import "server-only";
import type { TransactionSql } from "postgres";
import { PLANS } from "@/lib/pricing/plans";
import { siteUrl } from "@/lib/site";
import { ACCOUNT_SETUP_TTL_HOURS, issueAccountSetupLink } from "../accounts/account-setup-link";
import { getCohortSummary } from "../db/cohorts/cohort-queries";
import { getOrder, type Order } from "../db/payments/orders";
import { orderLiveSeatCohortId } from "../db/cohorts/seats";
import type { EmailMessage } from "../email/send-email";
import { queueEmail } from "../email/outbox";
import { accountSetupEmail } from "../email/templates/account-setup";
import { paymentConfirmationEmail } from "../email/templates/payment-confirmation";

/**
 * Queues a paid order's emails in the transaction that records the payment (D16): the payment
 * confirmation and, for a buyer without an account (D2), the account set-up link. Once per order,
 * whichever delivery (webhook, success page, reconciliation) records the payment.
 */
export async function queueFulfilmentEmails(tx: TransactionSql, order: Pick<Order, "id" | "email" | "userId">): Promise<void> {
  if (!order.email) return;
  if (!order.userId) {
    await queueEmail(tx, {
      kind: "account-setup",
      to: order.email,
      data: { orderId: order.id },
      orderId: order.id,
      dedupeKey: `order:${order.id}:account-setup`,
    });
  }
  await queueEmail(tx, {
    kind: "payment-confirmation",
    to: order.email,
    data: { orderId: order.id },
    orderId: order.id,
    dedupeKey: `order:${order.id}:payment-confirmation`,
  });
}

async function paidOrder(orderId: string): Promise<Order> {
  const order = await getOrder(orderId);
  if (!order) throw new Error(`Order ${orderId} does not exist`);
  return order;
}

/**
 * The cohort the order's seat is in when the email is sent (an operator may have moved it since the
 * purchase). A paid order whose cohort filled up before its payment landed has no seat: its emails say so.
 */
async function seatedCohort(order: Order) {
  const cohortId = await orderLiveSeatCohortId(order.id);
  return cohortId ? getCohortSummary(cohortId) : null;
}

/** The account set-up email of an order (its one token, recorded when first sent). */
export async function renderAccountSetupEmail(to: string, orderId: string): Promise<EmailMessage> {
  const order = await paidOrder(orderId);
  const cohort = await seatedCohort(order);
  return accountSetupEmail({
    to,
    setupUrl: await issueAccountSetupLink(order.id, to),
    planName: order.planName,
    cohortName: cohort?.name ?? null,
    expiresInHours: ACCOUNT_SETUP_TTL_HOURS,
  });
}

/** The payment confirmation (receipt) of an order, with its cohort as it stands when sent. */
export async function renderPaymentConfirmationEmail(to: string, orderId: string): Promise<EmailMessage> {
  const order = await paidOrder(orderId);
  const cohort = await seatedCohort(order);
  return paymentConfirmationEmail({
    to,
    planName: order.planName,
    billingLabel: PLANS.find((p) => p.type === order.planType)?.renewalLabel ?? "",
    hasCgm: order.hasCgm,
    amountPaidCents: order.amounts.totalCents,
    taxCents: order.amounts.taxCents,
    discountCents: order.amounts.discountCents,
    currency: order.amounts.currency,
    orderReference: order.id.slice(0, 8).toUpperCase(),
    cohort,
    cohortFilledUp: cohort === null,
    dashboardUrl: siteUrl("/dashboard"),
  });
}
