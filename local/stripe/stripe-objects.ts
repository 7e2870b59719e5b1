import type { Metadata } from "./metadata";

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * A stored API object: the fields the stand-in reads and writes are typed, every other field of Stripe's
 * shape is carried as plain JSON (filled with Stripe's null/default values by the builders).
 */
type Wire<T> = T & JsonObject;
type Base<O extends string> = { id: string; object: O; created: number };

export type ListObject<T extends Json> = { object: "list"; data: T[]; has_more: boolean; url: string };

export type RecurringSpec = { interval: "day" | "week" | "month" | "year"; interval_count: number };

export type CustomerObject = Wire<
  Base<"customer"> & {
    email: string | null;
    name: string | null;
    metadata: Metadata;
    invoice_prefix: string;
    next_invoice_sequence: number;
  }
>;
export type ProductObject = Wire<Base<"product"> & { name: string; description: string | null }>;
export type PriceObject = Wire<
  Base<"price"> & {
    active: boolean;
    currency: string;
    product: string;
    unit_amount: number;
    recurring: (RecurringSpec & JsonObject) | null;
    type: string;
  }
>;
export type CouponObject = Wire<
  Base<"coupon"> & {
    amount_off: number | null;
    currency: string | null;
    percent_off: number | null;
    duration: "once" | "repeating" | "forever";
    duration_in_months: number | null;
    max_redemptions: number | null;
    redeem_by: number | null;
    times_redeemed: number;
    name: string | null;
    metadata: Metadata;
    valid: boolean;
  }
>;
export type PromotionCodeObject = Wire<
  Base<"promotion_code"> & {
    active: boolean;
    code: string;
    customer: string | null;
    expires_at: number | null;
    max_redemptions: number | null;
    times_redeemed: number;
    metadata: Metadata;
    promotion: { type: "coupon"; coupon: string };
    restrictions: { first_time_transaction: boolean; minimum_amount: number | null; minimum_amount_currency: string | null };
  }
>;
export type TaxRateObject = Wire<
  Base<"tax_rate"> & { active: boolean; display_name: string; percentage: number; inclusive: boolean; metadata: Metadata }
>;
export type DiscountObject = Wire<{ id: string; object: "discount"; source: { type: "coupon"; coupon: string }; start: number }>;

export type ItemObject = Wire<{
  id: string;
  object: "item";
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string | null;
  price: PriceObject;
  quantity: number;
}>;

export type SessionDiscount = { coupon: string; promotion_code: string | null };
export type CheckoutSessionObject = Wire<
  Base<"checkout.session"> & {
    mode: "payment" | "subscription";
    status: "open" | "complete" | "expired";
    payment_status: "paid" | "unpaid" | "no_payment_required";
    currency: string;
    amount_subtotal: number;
    amount_total: number;
    total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
    discounts: SessionDiscount[];
    customer: string | null;
    customer_email: string | null;
    customer_creation: "always" | "if_required" | null;
    expires_at: number;
    success_url: string | null;
    cancel_url: string | null;
    url: string | null;
    allow_promotion_codes: boolean | null;
    subscription: string | null;
    invoice: string | null;
    payment_intent: string | null;
    metadata: Metadata;
  }
>;

export type SubscriptionItemObject = Wire<
  Base<"subscription_item"> & { price: PriceObject; quantity: number; current_period_start: number; current_period_end: number }
>;
export type SubscriptionObject = Wire<
  Base<"subscription"> & {
    status: "incomplete" | "active" | "canceled" | "past_due" | "incomplete_expired";
    customer: string;
    currency: string;
    cancel_at: number | null;
    cancel_at_period_end: boolean;
    canceled_at: number | null;
    ended_at: number | null;
    cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
    description: string | null;
    discounts: string[];
    items: ListObject<SubscriptionItemObject>;
    latest_invoice: string | null;
    metadata: Metadata;
  }
>;

export type InvoiceLineObject = Wire<{ id: string; object: "line_item"; amount: number; currency: string }>;
export type InvoiceObject = Wire<
  Base<"invoice"> & {
    status: "draft" | "open" | "paid" | "void" | "uncollectible";
    customer: string | null;
    currency: string;
    total: number;
    amount_due: number;
    amount_paid: number;
    amount_remaining: number;
    attempt_count: number;
    attempted: boolean;
    lines: ListObject<InvoiceLineObject>;
    status_transitions: {
      finalized_at: number | null;
      marked_uncollectible_at: number | null;
      paid_at: number | null;
      voided_at: number | null;
    };
    parent: {
      type: "subscription_details";
      subscription_details: { subscription: string; metadata: Metadata };
      quote_details: null;
    } | null;
  }
>;
export type InvoicePaymentObject = Wire<
  Base<"invoice_payment"> & {
    invoice: string;
    amount_paid: number | null;
    amount_requested: number;
    status: "open" | "paid" | "canceled";
    payment: { type: "payment_intent"; payment_intent: string };
    status_transitions: { canceled_at: number | null; paid_at: number | null };
  }
>;
export type PaymentIntentObject = Wire<
  Base<"payment_intent"> & {
    amount: number;
    amount_received: number;
    currency: string;
    customer: string | null;
    description: string | null;
    metadata: Metadata;
    payment_method: string | null;
    status: "requires_payment_method" | "processing" | "succeeded" | "canceled";
    latest_charge: string | null;
  }
>;
export type ChargeObject = Wire<
  Base<"charge"> & {
    amount: number;
    amount_refunded: number;
    currency: string;
    customer: string | null;
    payment_intent: string | null;
    payment_method: string | null;
    status: "succeeded" | "pending" | "failed";
    refunded: boolean;
    refunds: ListObject<RefundObject>;
  }
>;
export type RefundObject = Wire<Base<"refund"> & { amount: number; charge: string; payment_intent: string | null; currency: string }>;
export type DisputeObject = Wire<
  Base<"dispute"> & {
    amount: number;
    charge: string;
    currency: string;
    payment_intent: string | null;
    status: "warning_needs_response" | "needs_response" | "under_review" | "won" | "lost";
    is_charge_refundable: boolean;
  }
>;

export type EventObject = Wire<
  Base<"event"> & {
    type: string;
    data: { object: JsonObject; previous_attributes?: JsonObject };
    pending_webhooks: number;
    request: { id: string | null; idempotency_key: string | null };
  }
>;
export type WebhookEndpointObject = Wire<
  Base<"webhook_endpoint"> & { url: string; enabled_events: string[]; status: "enabled" | "disabled"; metadata: Metadata }
>;

/** What the stand-in keeps of a test card: never the full number. */
export type CardDetails = { brand: string; last4: string; expMonth: number; expYear: number; fingerprint: string };
/** The payer of a checkout, as the hosted form (or the control API) collected them. */
export type Payer = { email: string; name: string | null; card: CardDetails };
