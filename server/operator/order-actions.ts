import "server-only";
import type { TransactionSql } from "postgres";
import { accountSetupLinkUsed, rotateAccountSetupLink } from "../db/accounts/account-setup-tokens";
import { getOrderForUpdate, type Order } from "../db/payments/orders";
import { queueEmail } from "../email/outbox";
import { ApiError } from "../http/api-error";
import { operatorChange } from "./operator-change";

// D17, Orders: an operator resends an order's receipt or its account set-up link. Each resend
// is an email queued with the audit entry, in one transaction; the request key makes a replay (a
// double click, a retried request) queue nothing more.

export const ORDER_NOT_FOUND = "This order does not exist.";

/** The order under its row lock for the rest of the transaction; 404 when there is none. */
export async function lockOrderOrThrow(tx: TransactionSql, orderId: string): Promise<Order> {
  const order = await getOrderForUpdate(tx, orderId);
  if (!order) throw new ApiError("not_found", ORDER_NOT_FOUND);
  return order;
}

function paidOrderEmail(order: Order, what: string): string {
  if (order.status !== "paid") throw new ApiError("conflict", `Only a paid order has a ${what} to send.`);
  if (!order.email) throw new ApiError("conflict", "This order has no email address to send to.");
  return order.email;
}

/** Queues the order's receipt (payment confirmation) again, as it reads when sent. */
export async function resendReceipt(operatorId: string, orderId: string, requestKey: string): Promise<{ queued: boolean }> {
  return operatorChange<{ queued: boolean }>(operatorId, async (tx) => {
    const order = await lockOrderOrThrow(tx, orderId);
    const to = paidOrderEmail(order, "receipt");
    const queued = await queueEmail(tx, {
      kind: "payment-confirmation",
      to,
      data: { orderId },
      orderId,
      dedupeKey: `order:${orderId}:payment-confirmation:resend:${requestKey}`,
    });
    const audit = { action: "order.resend_receipt", subjectType: "order", subjectId: orderId, before: null, after: { to } };
    return { result: { queued }, audit: queued ? audit : null };
  });
}

export const ALREADY_SET_UP_MESSAGE = "This buyer has already set up their account: they sign in with it, no set-up link is needed.";

/**
 * Sends the order's account set-up link again as a new link: one token per order, so the earlier
 * link stops working at once and only the newest one sets the account up. A buyer who already has
 * an account (set up with the link, or signed in when buying) gets no link: 409.
 */
export async function resendSetupLink(operatorId: string, orderId: string, requestKey: string): Promise<{ queued: boolean }> {
  return operatorChange<{ queued: boolean }>(operatorId, async (tx) => {
    const order = await lockOrderOrThrow(tx, orderId);
    const to = paidOrderEmail(order, "set-up link");
    if (order.userId || (await accountSetupLinkUsed(tx, orderId))) throw new ApiError("conflict", ALREADY_SET_UP_MESSAGE);
    const queued = await queueEmail(tx, {
      kind: "account-setup",
      to,
      data: { orderId },
      orderId,
      dedupeKey: `order:${orderId}:account-setup:resend:${requestKey}`,
    });
    if (!queued) return { result: { queued }, audit: null };
    const generation = await rotateAccountSetupLink(tx, orderId);
    return {
      result: { queued },
      audit: {
        action: "order.resend_setup_link",
        subjectType: "order",
        subjectId: orderId,
        before: { link: generation - 1 },
        after: { link: generation, to },
      },
    };
  });
}
