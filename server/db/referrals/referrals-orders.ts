import "server-only";
import type { TransactionSql } from "postgres";
import { db } from "../client";

/** What the commission rules need to know about an order. */
export type OrderReferral = {
  id: string;
  affiliateUserId: string | null;
  /** The member whose own coupon or link the buyer (that member) used: their invoices earn nothing. */
  selfReferralUserId: string | null;
  userId: string | null;
  email: string | null;
  planName: string;
  stripeInvoiceId: string | null;
};

/** Writes the winning referral on a checkout's order (once, while it is still unpaid). */
export async function setOrderAffiliate(orderId: string, affiliateUserId: string): Promise<void> {
  await db()`
    update public.orders set affiliate_user_id = ${affiliateUserId}
    where id = ${orderId} and status = 'pending' and affiliate_user_id is null`;
}

/** Records on a new checkout's order that its buyer used their own coupon or link (no affiliate). */
export async function setOrderSelfReferral(orderId: string, affiliateUserId: string): Promise<void> {
  await db()`
    update public.orders set self_referral_user_id = ${affiliateUserId}
    where id = ${orderId} and status = 'pending' and affiliate_user_id is null`;
}

/** Takes an order away from an affiliate who turned out to be its buyer, and records why. */
export async function clearOrderAffiliate(tx: TransactionSql, orderId: string, affiliateUserId: string): Promise<void> {
  await tx`
    update public.orders set affiliate_user_id = null, self_referral_user_id = ${affiliateUserId}
    where id = ${orderId} and affiliate_user_id = ${affiliateUserId}`;
}

export async function getOrderReferral(orderId: string): Promise<OrderReferral | null> {
  const [row] = await db()<
    {
      id: string;
      affiliate_user_id: string | null;
      self_referral_user_id: string | null;
      user_id: string | null;
      email: string | null;
      plan_name: string;
      stripe_invoice_id: string | null;
    }[]
  >`select id, affiliate_user_id, self_referral_user_id, user_id, email, plan_name, stripe_invoice_id from public.orders where id = ${orderId}`;
  if (!row) return null;
  return {
    id: row.id,
    affiliateUserId: row.affiliate_user_id,
    selfReferralUserId: row.self_referral_user_id,
    userId: row.user_id,
    email: row.email,
    planName: row.plan_name,
    stripeInvoiceId: row.stripe_invoice_id,
  };
}

/** The order a subscription was bought with (for invoices that do not carry the order id). */
export async function findOrderIdBySubscription(subscriptionId: string): Promise<string | null> {
  const [row] = await db()<{ id: string }[]>`
    select id from public.orders where stripe_subscription_id = ${subscriptionId} order by paid_at nulls last limit 1`;
  return row?.id ?? null;
}
