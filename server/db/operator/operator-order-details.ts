import "server-only";
import type { OrderStatus } from "@/lib/operator/order-list";
import { db } from "../client";

// D17, Orders: what the operator's order page shows of an order (never the buyer's answers).

export type OperatorOrderRow = {
  id: string;
  status: OrderStatus;
  email: string | null;
  user_id: string | null;
  plan_name: string;
  has_cgm: boolean;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  refunded_cents: number;
  coupon_code: string | null;
  referral_id: string | null;
  created_at: Date;
  paid_at: Date | null;
  replaced_at: Date | null;
  stripe_checkout_session_id: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_invoice_id: string | null;
  stripe_payment_intent_id: string | null;
  stripe_charge_id: string | null;
  ordered_cohort_id: string;
  ordered_cohort_name: string;
  seat_id: string | null;
  seat_status: "held" | "enrolled" | null;
  seat_cohort_id: string | null;
  seat_cohort_name: string | null;
  setup_used_at: Date | null;
  setup_expires_at: Date | null;
};

export async function getOperatorOrderRow(orderId: string): Promise<OperatorOrderRow | null> {
  const [row] = await db()<OperatorOrderRow[]>`
    select o.id, o.status, o.email, o.user_id, o.plan_name, o.has_cgm, o.currency, o.subtotal_cents, o.discount_cents,
      o.tax_cents, o.total_cents, o.refunded_cents, o.coupon_code, o.referral_id, o.created_at, o.paid_at, o.replaced_at,
      o.stripe_checkout_session_id, o.stripe_customer_id, o.stripe_subscription_id, o.stripe_invoice_id,
      o.stripe_payment_intent_id, o.stripe_charge_id,
      oc.id as ordered_cohort_id, oc.cohort_name as ordered_cohort_name,
      seat.id as seat_id, seat.status as seat_status, seat.cohort_id as seat_cohort_id, seat.cohort_name as seat_cohort_name,
      token.used_at as setup_used_at, token.expires_at as setup_expires_at
    from public.orders o
    join public.cohorts oc on oc.id = o.cohort_id
    left join lateral (
      select s.id, s.status, s.cohort_id, c.cohort_name from public.cohort_seats s join public.cohorts c on c.id = s.cohort_id
      where s.order_id = o.id and s.status <> 'released' limit 1
    ) seat on true
    left join public.account_setup_tokens token on token.order_id = o.id and token.revoked_at is null
    where o.id = ${orderId}`;
  return row ?? null;
}
