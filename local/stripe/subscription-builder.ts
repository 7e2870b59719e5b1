import { addMonths, periodEnd } from "./calendar-period";
import { planOf } from "./catalog";
import type { AppliedDiscount } from "./checkout-discounts";
import type { Metadata } from "./metadata";
import { seconds, type StripeContext } from "./stripe-context";
import { newId } from "./random-ids";
import type { DiscountObject, ItemObject, SubscriptionItemObject, SubscriptionObject, TaxRateObject } from "./stripe-objects";

/** The `discount` object a redeemed coupon becomes; a repeating coupon ends after its months. */
export function newDiscount(
  ctx: StripeContext,
  applied: AppliedDiscount,
  links: { customer: string | null; subscription: string | null; checkoutSession: string | null },
): DiscountObject {
  const start = seconds(ctx);
  const months = applied.coupon.duration === "repeating" ? applied.coupon.duration_in_months : null;
  const discount: DiscountObject = {
    id: newId("di"),
    object: "discount",
    checkout_session: links.checkoutSession,
    customer: links.customer,
    customer_account: null,
    end: months ? addMonths(start, months) : null,
    invoice: null,
    invoice_item: null,
    promotion_code: applied.promotionCode?.id ?? null,
    source: { type: "coupon", coupon: applied.coupon.id },
    start,
    subscription: links.subscription,
    subscription_item: null,
  };
  ctx.store.discounts.add(discount);
  return discount;
}

export type SubscriptionInput = {
  id: string;
  customer: string;
  currency: string;
  /** The recurring lines of the checkout, with their tax rates. */
  lines: { item: ItemObject; taxRates: TaxRateObject[] }[];
  metadata: Metadata;
  description: string | null;
  discount: DiscountObject | null;
  paymentMethod: string;
  status: "active" | "incomplete";
};

/** A subscription as Checkout creates it: one item per recurring line, billing periods starting now. */
export function newSubscription(ctx: StripeContext, input: SubscriptionInput): SubscriptionObject {
  const now = seconds(ctx);
  const items: SubscriptionItemObject[] = input.lines.map(({ item, taxRates }) => ({
    id: newId("si"),
    object: "subscription_item",
    billing_thresholds: null,
    created: now,
    current_period_end: item.price.recurring ? periodEnd(now, item.price.recurring) : now,
    current_period_start: now,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(item.price),
    price: structuredClone(item.price),
    quantity: item.quantity,
    subscription: input.id,
    tax_rates: structuredClone(taxRates),
  }));
  const subscription: SubscriptionObject = {
    id: input.id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: "classic" },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: "charge_automatically",
    created: now,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.paymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: input.description,
    discounts: input.discount ? [input.discount.id] : [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: "self" } },
    items: { object: "list", data: items, has_more: false, url: `/v1/subscription_items?subscription=${input.id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: "off" },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: input.status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
    trial_start: null,
  };
  ctx.store.subscriptions.add(subscription);
  return subscription;
}

/** The end of the current period (the latest among items, which share one cycle). */
export function currentPeriodEnd(subscription: SubscriptionObject): number {
  return Math.max(...subscription.items.data.map((item) => item.current_period_end));
}
