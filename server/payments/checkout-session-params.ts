import "server-only";
import type Stripe from "stripe";
import { checkoutLines, type CheckoutLine } from "@/lib/payments/checkout-lines";
import type { PlanDefinition } from "@/lib/pricing/plans";
import type { ParsedCheckoutSessionRequest } from "@/lib/payments/checkout-schemas";
import type { CheckoutClearance } from "../safety-clearance/checkout-clearance";
import { checkoutMetadata } from "./checkout-metadata";
import type { ActivePromotionCode } from "./promotion-code";

// The Stripe Checkout session a recorded order opens (D1–D3): its lines at the sales tax rate, the coupon and the address that pays.

function stripeLineItems(lines: CheckoutLine[], taxRateId: string): Stripe.Checkout.SessionCreateParams.LineItem[] {
  return lines.map((line) => ({
    quantity: 1,
    tax_rates: [taxRateId],
    price_data: {
      currency: "usd",
      unit_amount: line.amountCents,
      product_data: { name: line.name },
      ...(line.recurring ? { recurring: { interval: line.recurring.interval, interval_count: line.recurring.intervalCount } } : {}),
    },
  }));
}

export type CheckoutSessionOrder = {
  orderId: string;
  plan: PlanDefinition;
  request: ParsedCheckoutSessionRequest;
  promotion: ActivePromotionCode | null;
  taxRateId: string;
  buyerEmail: string | null;
  /** The waitlisted address a claim link's checkout pays for. */
  claimEmail: string | null;
  clearance: CheckoutClearance | null;
  /** When Stripe expires the session (Unix seconds). */
  expiresAt: number;
};

/** What Stripe is asked to create for an order's checkout. */
export function checkoutSessionParams(o: CheckoutSessionOrder): Stripe.Checkout.SessionCreateParams {
  const metadata = checkoutMetadata(o.orderId, o.plan, o.request);
  return {
    mode: "subscription",
    line_items: stripeLineItems(checkoutLines(o.plan, o.request.hasCGM), o.taxRateId),
    ...(o.promotion ? { discounts: [{ promotion_code: o.promotion.id }] } : {}),
    client_reference_id: o.orderId,
    // A visitor bought under a clearance pays as the address it was confirmed for, and a waitlist
    // claim as the address the place is held for (the two agree, or the claim was refused).
    ...(o.buyerEmail
      ? { customer_email: o.buyerEmail }
      : o.claimEmail
        ? { customer_email: o.claimEmail }
        : o.clearance
          ? { customer_email: o.clearance.email }
          : {}),
    metadata,
    subscription_data: { metadata: { order_id: o.orderId, plan_type: o.plan.type, plan_name: o.plan.name } },
    success_url: o.request.successUrl,
    cancel_url: o.request.cancelUrl,
    expires_at: o.expiresAt,
  };
}
