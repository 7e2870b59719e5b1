import { must, render } from "./route-helpers";
import { seconds, type ApiRoute, type StripeContext } from "./stripe-context";
import { newId } from "./random-ids";
import type { JsonObject, PriceObject, ProductObject, RecurringSpec } from "./stripe-objects";

export function newProduct(
  ctx: StripeContext,
  fields: { name: string; description: string | null; metadata?: Record<string, string> },
): ProductObject {
  const now = seconds(ctx);
  const product: ProductObject = {
    id: newId("prod"),
    object: "product",
    active: true,
    created: now,
    default_price: null,
    description: fields.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: fields.metadata ?? {},
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: "service",
    unit_label: null,
    updated: now,
    url: null,
  };
  ctx.store.products.add(product);
  return product;
}

type PriceFields = {
  currency: string;
  unitAmount: number;
  product: string;
  recurring: RecurringSpec | null;
  taxBehavior: "exclusive" | "inclusive" | "unspecified";
};

/** A price made from `price_data`: Stripe creates these inline and archives them (`active: false`). */
export function newInlinePrice(ctx: StripeContext, fields: PriceFields): PriceObject {
  const price: PriceObject = {
    id: newId("price"),
    object: "price",
    active: false,
    billing_scheme: "per_unit",
    created: seconds(ctx),
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: fields.product,
    recurring: fields.recurring ? { ...fields.recurring, meter: null, trial_period_days: null, usage_type: "licensed" } : null,
    tax_behavior: fields.taxBehavior,
    tiers_mode: null,
    transform_quantity: null,
    type: fields.recurring ? "recurring" : "one_time",
    unit_amount: fields.unitAmount,
    unit_amount_decimal: String(fields.unitAmount),
  };
  ctx.store.prices.add(price);
  return price;
}

/** The legacy `plan` view of a recurring price, still carried on subscription items. */
export function planOf(price: PriceObject): JsonObject {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: String(price.unit_amount),
    billing_scheme: "per_unit",
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? "month",
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}

export const catalogRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: /^\/products\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(rq.ctx.store.products.get(id), "product", id));
    },
  },
  {
    method: "GET",
    path: /^\/prices\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(rq.ctx.store.prices.get(id), "price", id));
    },
  },
];
