import { resolveDiscount, type AppliedDiscount } from "./checkout-discounts";
import { checkLines, createLineItems, readLineItems, type LineSpec } from "./checkout-line-items";
import { applyPricing, buildSession } from "./checkout-session-object";
import { metadataOf } from "./metadata";
import type { ParamReader } from "./param-reader";
import { render } from "./route-helpers";
import { seconds, type ApiRoute, type StripeContext } from "./stripe-context";
import { invalidParam, invalidRequest, missingParam, noSuch } from "./stripe-error";
import { newSessionId } from "./random-ids";
import type { CheckoutExtras } from "./stripe-store";

const MIN_EXPIRY = 30 * 60;
const MAX_EXPIRY = 24 * 60 * 60;
// A caller computing `now + 30 min` a moment before the request arrives (or in the previous second) is
// not refused for that moment.
const EXPIRY_GRACE = 5;

function readUrl(p: ParamReader, key: string): string | null {
  const value = p.str(key, { max: 5000 });
  if (value === undefined) return null;
  try {
    const url = new URL(value.replaceAll("{CHECKOUT_SESSION_ID}", "x"));
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
  } catch {
    throw invalidParam(key, "Not a valid URL", "url_invalid");
  }
  return value;
}

const onlyOne = (a: string, b: string) => invalidRequest(`You may only specify one of these parameters: ${a}, ${b}.`, a);
const notInMode = (param: string, mode: string) => invalidParam(param, `You can not pass \`${param}\` in \`${mode}\` mode.`);

function subtotalOf(ctx: StripeContext, specs: LineSpec[]): number {
  return specs.reduce(
    (sum, spec) => sum + (spec.priceData?.unitAmount ?? ctx.store.prices.get(spec.price ?? "")?.unit_amount ?? 0) * spec.quantity,
    0,
  );
}

/** POST /v1/checkout/sessions: a hosted session in `payment` or `subscription` mode. */
export const createCheckoutSession: ApiRoute["handle"] = (rq) => {
  const { ctx, params: p } = rq;
  const mode = p.oneOf("mode", ["payment", "setup", "subscription"] as const, { required: true }) ?? "payment";
  if (mode === "setup") throw invalidParam("mode", "`setup` mode is not supported by this local Stripe service.");
  const specs = readLineItems(p);
  const successUrl = readUrl(p, "success_url");
  const cancelUrl = readUrl(p, "cancel_url");
  const customer = p.str("customer");
  const customerEmail = p.str("customer_email", { max: 800 });
  const customerCreation = p.oneOf("customer_creation", ["always", "if_required"] as const);
  const clientReferenceId = p.str("client_reference_id", { max: 200 });
  const expiresAt = p.int("expires_at", { min: 0 });
  const metadata = metadataOf(p.metadata());
  const allowPromotionCodes = p.bool("allow_promotion_codes");
  const discountEntries = (p.hashes("discounts") ?? []).map((d) => ({ coupon: d.str("coupon"), promotionCode: d.str("promotion_code") }));
  const subscriptionData = p.hashOf("subscription_data");
  const subscriptionMetadata = metadataOf(subscriptionData?.metadata());
  const subscriptionDescription = subscriptionData?.str("description", { max: 500 }) ?? null;
  const paymentIntentData = p.hashOf("payment_intent_data");
  const piDescription = paymentIntentData?.str("description", { max: 1000 }) ?? null;
  const piMetadata = metadataOf(paymentIntentData?.metadata());
  const invoiceCreation = p.hashOf("invoice_creation");
  const invoiceEnabled = invoiceCreation?.bool("enabled", { required: true }) ?? false;
  invoiceCreation?.ignore("invoice_data");
  const currency = p.str("currency")?.toLowerCase();
  const uiMode = p.oneOf("ui_mode", ["elements", "embedded_page", "form", "hosted_page", "hosted", "embedded", "custom"] as const);
  if (uiMode && uiMode !== "hosted_page" && uiMode !== "hosted") {
    throw invalidParam("ui_mode", "Only hosted Checkout (`ui_mode: hosted_page`) is supported by this local Stripe service.");
  }
  if (p.hashOf("automatic_tax")?.bool("enabled")) {
    throw invalidParam(
      "automatic_tax[enabled]",
      "Stripe Tax is not available in this local Stripe service; pass `tax_rates` on line items instead.",
    );
  }
  p.ignore(
    "payment_method_types",
    "locale",
    "billing_address_collection",
    "submit_type",
    "custom_text",
    "phone_number_collection",
    "consent_collection",
  );
  p.done();

  if (!specs?.length) throw missingParam("line_items");
  if (customer && customerEmail) throw onlyOne("customer", "customer_email");
  if (allowPromotionCodes && discountEntries.length) throw onlyOne("allow_promotion_codes", "discounts");
  if (discountEntries.length > 1) throw invalidParam("discounts", "Checkout Sessions accept only one discount.");
  if (mode === "subscription") {
    if (customerCreation) throw notInMode("customer_creation", mode);
    if (paymentIntentData) throw notInMode("payment_intent_data", mode);
    if (invoiceCreation) throw notInMode("invoice_creation", mode);
  } else if (subscriptionData) throw notInMode("subscription_data", mode);
  if (customer && !ctx.store.customers.get(customer)) throw noSuch("customer", customer, "customer");
  const now = seconds(ctx);
  if (expiresAt !== undefined && expiresAt - now < MIN_EXPIRY - EXPIRY_GRACE) {
    throw invalidParam("expires_at", "The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.");
  }
  if (expiresAt !== undefined && expiresAt - now > MAX_EXPIRY + EXPIRY_GRACE) {
    throw invalidParam("expires_at", "The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.");
  }
  const lines = checkLines(ctx, specs, mode);
  if (currency && currency !== lines.currency) throw invalidParam("currency", "The `currency` must match the currency of the line items.");
  let discount: AppliedDiscount | null = null;
  const [entry] = discountEntries;
  if (entry) {
    if (!entry.coupon === !entry.promotionCode) throw invalidParam("discounts[0]", "Pass exactly one of `coupon` or `promotion_code`.");
    const purchase = { customer: customer ?? null, subtotal: subtotalOf(ctx, specs), currency: lines.currency };
    discount = resolveDiscount(ctx, entry, "discounts[0]", purchase);
  }

  const id = newSessionId();
  const extras: CheckoutExtras = {
    lineItems: createLineItems(ctx, specs),
    lineTaxRates: lines.taxRates.map((rates) => rates.map((rate) => rate.id)),
    subscriptionMetadata,
    subscriptionDescription,
    paymentIntentData: { description: piDescription, metadata: piMetadata },
    invoiceCreation: invoiceEnabled,
    pendingPayment: null,
  };
  const session = buildSession(ctx, id, {
    mode,
    currency: lines.currency,
    customer: customer ?? null,
    customerEmail: customerEmail ?? null,
    customerCreation: mode === "payment" ? (customerCreation ?? "if_required") : null,
    clientReferenceId: clientReferenceId ?? null,
    successUrl,
    cancelUrl,
    expiresAt: expiresAt ?? now + MAX_EXPIRY,
    metadata,
    allowPromotionCodes: allowPromotionCodes ?? null,
    invoiceCreation: invoiceEnabled,
  });
  applyPricing(ctx, session, extras, discount);
  ctx.store.sessions.add(session);
  ctx.store.checkoutExtras.set(id, extras);
  ctx.store.changed();
  return render(rq, session);
};
