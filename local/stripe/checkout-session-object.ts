import type { AppliedDiscount } from "./checkout-discounts";
import type { Metadata } from "./metadata";
import { priceLines, type Pricing } from "./session-pricing";
import { seconds, type StripeContext } from "./stripe-context";
import type { CheckoutSessionObject, SessionDiscount, TaxRateObject } from "./stripe-objects";
import type { CheckoutExtras } from "./stripe-store";

export type SessionFields = {
  mode: "payment" | "subscription";
  currency: string;
  customer: string | null;
  customerEmail: string | null;
  customerCreation: "always" | "if_required" | null;
  clientReferenceId: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  expiresAt: number;
  metadata: Metadata;
  allowPromotionCodes: boolean | null;
  invoiceCreation: boolean;
};

/** An open hosted Checkout Session; amounts are filled by `applyPricing`. */
export function buildSession(ctx: StripeContext, id: string, f: SessionFields): CheckoutSessionObject {
  const payment = f.mode === "payment";
  return {
    id,
    object: "checkout.session",
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: f.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: 0,
    amount_total: 0,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: f.cancelUrl,
    client_reference_id: f.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: seconds(ctx),
    currency: f.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: f.customer,
    customer_account: null,
    customer_creation: f.customerCreation,
    customer_details: null,
    customer_email: f.customerEmail,
    discounts: [],
    expires_at: f.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: payment
      ? {
          enabled: f.invoiceCreation,
          invoice_data: {
            account_tax_ids: null,
            custom_fields: null,
            description: null,
            footer: null,
            issuer: null,
            metadata: {},
            rendering_options: null,
          },
        }
      : null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: f.metadata,
    mode: f.mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "always",
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: "automatic" } },
    payment_method_types: ["card"],
    payment_status: "unpaid",
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: { allow_redisplay_filters: ["always"], payment_method_remove: "disabled", payment_method_save: null },
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: payment ? "auto" : null,
    subscription: null,
    success_url: f.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted_page",
    url: `${ctx.config.publicUrl}/c/pay/${id}`,
    wallet_options: null,
  };
}

/** The tax rates of each line as they are now. */
export function lineTaxRates(ctx: StripeContext, extras: CheckoutExtras): TaxRateObject[][] {
  return extras.lineTaxRates.map((ids) => ids.flatMap((id) => ctx.store.taxRates.get(id) ?? []));
}

/** (Re)computes the session's and its line items' amounts for a discount (or none). */
export function applyPricing(
  ctx: StripeContext,
  session: CheckoutSessionObject,
  extras: CheckoutExtras,
  discount: AppliedDiscount | null,
): Pricing {
  const rates = lineTaxRates(ctx, extras);
  const lines = extras.lineItems.map((item, i) => ({ amount: item.price.unit_amount * item.quantity, taxRates: rates[i] ?? [] }));
  const pricing = priceLines(lines, discount?.coupon ?? null);
  extras.lineItems.forEach((item, i) => {
    const line = pricing.lines[i];
    if (!line) return;
    item.amount_subtotal = line.amount;
    item.amount_discount = line.discount;
    item.amount_tax = line.tax;
    item.amount_total = line.total;
  });
  session.amount_subtotal = pricing.subtotal;
  session.amount_total = pricing.total;
  session.total_details = { amount_discount: pricing.discount, amount_shipping: 0, amount_tax: pricing.tax };
  const entry: SessionDiscount[] = discount ? [{ coupon: discount.coupon.id, promotion_code: discount.promotionCode?.id ?? null }] : [];
  session.discounts = entry;
  return pricing;
}
