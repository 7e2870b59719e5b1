import { describeInterval, formatMoney } from "./money";
import type { Metadata } from "./metadata";
import type { PricedLine, Pricing } from "./session-pricing";
import { seconds, type StripeContext } from "./stripe-context";
import { newId } from "./random-ids";
import type { CustomerObject, DiscountObject, InvoiceLineObject, InvoiceObject, ItemObject, Json, JsonObject } from "./stripe-objects";

export type InvoiceLineInput = {
  item: ItemObject;
  priced: PricedLine;
  period: { start: number; end: number };
  /** The subscription item a recurring line bills; null for one-time lines. */
  subscriptionItem: string | null;
};
export type InvoiceInput = {
  customer: CustomerObject | null;
  currency: string;
  lines: InvoiceLineInput[];
  pricing: Pricing;
  discount: DiscountObject | null;
  subscription: { id: string; metadata: Metadata } | null;
  billingReason: "subscription_create" | "subscription_cycle" | "manual";
  period: { start: number; end: number };
};

function taxesOf(priced: PricedLine): Json[] {
  return priced.taxes.map((t) => ({
    amount: t.amount,
    tax_behavior: t.rate.inclusive ? "inclusive" : "exclusive",
    tax_rate_details: { tax_rate: t.rate.id },
    taxability_reason: "standard_rated",
    taxable_amount: t.taxableAmount,
    type: "tax_rate_details",
  }));
}

function describeLine(item: ItemObject): string {
  const name = item.description ?? "";
  const recurring = item.price.recurring;
  if (!recurring) return name;
  const price = formatMoney(item.price.unit_amount, item.currency);
  const every =
    recurring.interval_count === 1 ? recurring.interval : `every ${describeInterval(recurring.interval, recurring.interval_count)}`;
  return `${item.quantity} × ${name} (at ${price} / ${every})`;
}

function lineObject(invoiceId: string, line: InvoiceLineInput, input: InvoiceInput): InvoiceLineObject {
  const { item, priced, subscriptionItem } = line;
  const subscription = input.subscription?.id ?? null;
  const noProration = { proration: false, proration_details: { credited_items: null } };
  const parent: JsonObject = subscriptionItem
    ? {
        type: "subscription_item_details",
        invoice_item_details: null,
        subscription_item_details: { invoice_item: null, ...noProration, subscription, subscription_item: subscriptionItem },
      }
    : {
        type: "invoice_item_details",
        invoice_item_details: { invoice_item: newId("ii"), ...noProration, subscription },
        subscription_item_details: null,
      };
  return {
    id: newId("il"),
    object: "line_item",
    amount: priced.amount,
    currency: input.currency,
    description: describeLine(item),
    discount_amounts: input.discount && priced.discount ? [{ amount: priced.discount, discount: input.discount.id }] : [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent,
    period: line.period,
    pretax_credit_amounts: [],
    pricing: {
      type: "price_details",
      price_details: { price: item.price.id, product: item.price.product },
      unit_amount_decimal: String(item.price.unit_amount),
    },
    quantity: item.quantity,
    quantity_decimal: String(item.quantity),
    subscription,
    subtotal: priced.amount,
    taxes: taxesOf(priced),
  };
}

/** Per tax rate totals across lines (`total_taxes`). */
function totalTaxes(lines: PricedLine[]): Json[] {
  const byRate = new Map<string, { amount: number; taxable: number; inclusive: boolean }>();
  for (const tax of lines.flatMap((l) => l.taxes)) {
    const entry = byRate.get(tax.rate.id) ?? { amount: 0, taxable: 0, inclusive: tax.rate.inclusive };
    entry.amount += tax.amount;
    entry.taxable += tax.taxableAmount;
    byRate.set(tax.rate.id, entry);
  }
  return [...byRate].map(([rate, t]) => ({
    amount: t.amount,
    tax_behavior: t.inclusive ? "inclusive" : "exclusive",
    tax_rate_details: { tax_rate: rate },
    taxability_reason: "standard_rated",
    taxable_amount: t.taxable,
    type: "tax_rate_details",
  }));
}

/** A finalized (`open`) invoice for the given lines; `markInvoicePaid` settles it. */
export function newInvoice(ctx: StripeContext, input: InvoiceInput): InvoiceObject {
  const now = seconds(ctx);
  const id = newId("in");
  const { pricing, customer } = input;
  const lines = input.lines.map((line) => lineObject(id, line, input));
  let number: string | null = null;
  if (customer) {
    number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, "0")}`;
    customer.next_invoice_sequence += 1;
  }
  const invoice: InvoiceObject = {
    id,
    object: "invoice",
    account_country: "US",
    account_name: null,
    account_tax_ids: null,
    amount_due: pricing.total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: pricing.total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: "charge_automatically",
    created: now,
    currency: input.currency,
    custom_fields: null,
    customer: customer?.id ?? null,
    customer_account: null,
    customer_address: null,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: input.discount ? [input.discount.id] : [],
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: "list", data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number,
    on_behalf_of: null,
    parent: input.subscription
      ? {
          type: "subscription_details",
          subscription_details: { metadata: input.subscription.metadata, subscription: input.subscription.id },
          quote_details: null,
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.period.end,
    period_start: input.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: { amount_tax_display: null, pdf: { page_size: "auto" }, template: null, template_version: null },
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: "open",
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subscription: null,
    subtotal: pricing.subtotal,
    subtotal_excluding_tax: pricing.subtotal - pricing.inclusiveTax,
    test_clock: null,
    total: pricing.total,
    total_discount_amounts: input.discount ? [{ amount: pricing.discount, discount: input.discount.id }] : [],
    total_excluding_tax: pricing.subtotal - pricing.discount - pricing.inclusiveTax,
    total_pretax_credit_amounts: [],
    total_taxes: totalTaxes(pricing.lines),
    webhooks_delivered_at: now,
  };
  ctx.store.invoices.add(invoice);
  return invoice;
}

export function markInvoicePaid(ctx: StripeContext, invoice: InvoiceObject): void {
  invoice.status = "paid";
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempted = true;
  invoice.attempt_count = Math.max(1, invoice.attempt_count);
  invoice.auto_advance = false;
  invoice.status_transitions = { ...invoice.status_transitions, paid_at: seconds(ctx) };
}
