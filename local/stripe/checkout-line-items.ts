import { withinOneYear } from "./calendar-period";
import { newInlinePrice, newProduct } from "./catalog";
import { metadataOf, type Metadata } from "./metadata";
import type { ParamReader } from "./param-reader";
import { must } from "./route-helpers";
import type { StripeContext } from "./stripe-context";
import { invalidParam, invalidRequest, missingParam, noSuch } from "./stripe-error";
import { newId } from "./random-ids";
import type { ItemObject, PriceObject, RecurringSpec, TaxRateObject } from "./stripe-objects";

type PriceData = {
  currency: string;
  unitAmount: number;
  product?: string;
  productData?: { name: string; description: string | null; metadata: Metadata };
  recurring: RecurringSpec | null;
  taxBehavior: "exclusive" | "inclusive" | "unspecified";
};
export type LineSpec = { param: string; quantity: number; taxRateIds: string[]; metadata: Metadata; price?: string; priceData?: PriceData };

const INTERVALS = ["day", "month", "week", "year"] as const;

function readPriceData(p: ParamReader): PriceData {
  const currency = (p.str("currency", { required: true }) ?? "").toLowerCase();
  const product = p.str("product");
  const productReader = p.hashOf("product_data");
  const productData = productReader && {
    name: productReader.str("name", { required: true, max: 250 }) ?? "",
    description: productReader.str("description", { max: 40000 }) ?? null,
    metadata: metadataOf(productReader.metadata()),
  };
  productReader?.ignore("images", "tax_code", "unit_label");
  if (!product && !productData) throw missingParam(p.name("product_data"));
  if (product && productData) throw invalidParam(p.name("product"), "You may only specify one of these parameters: product, product_data.");
  const recurringReader = p.hashOf("recurring");
  const recurring = recurringReader && {
    interval: recurringReader.oneOf("interval", INTERVALS, { required: true }) ?? "month",
    interval_count: recurringReader.int("interval_count", { min: 1 }) ?? 1,
  };
  if (recurring && !withinOneYear(recurring))
    throw invalidParam(p.name("recurring"), "The maximum billing interval is 1 year (1 year, 12 months, or 52 weeks).");
  const unitAmount = p.int("unit_amount", { min: 0, max: 99_999_999 });
  const decimal = p.decimal("unit_amount_decimal", { min: 0 });
  if (unitAmount === undefined && decimal === undefined) throw missingParam(p.name("unit_amount"));
  if (decimal !== undefined && !Number.isInteger(decimal)) {
    throw invalidParam(p.name("unit_amount_decimal"), "Fractional unit amounts are not supported by this local Stripe service.");
  }
  const taxBehavior = p.oneOf("tax_behavior", ["exclusive", "inclusive", "unspecified"] as const) ?? "unspecified";
  return { currency, unitAmount: unitAmount ?? decimal ?? 0, product, productData, recurring: recurring ?? null, taxBehavior };
}

/** Reads `line_items[]` (validation of shapes only; nothing is created yet). */
export function readLineItems(p: ParamReader): LineSpec[] | undefined {
  const items = p.hashes("line_items");
  if (!items) return undefined;
  if (items.length > 100) throw invalidParam("line_items", "You can only pass up to 100 line items.");
  return items.map((item) => {
    const price = item.str("price");
    const priceReader = item.hashOf("price_data");
    if (!price && !priceReader) throw missingParam(item.name("price"));
    if (price && priceReader) throw invalidParam(item.name("price"), "You may only specify one of these parameters: price, price_data.");
    const spec: LineSpec = {
      param: item.path,
      quantity: item.int("quantity", { required: true, min: 1, max: 999_999 }) ?? 1,
      taxRateIds: item.strings("tax_rates") ?? [],
      metadata: metadataOf(item.metadata()),
      price,
      priceData: priceReader && readPriceData(priceReader),
    };
    item.ignore("adjustable_quantity");
    return spec;
  });
}

export type LineCheck = { currency: string; recurring: RecurringSpec | null; taxRates: TaxRateObject[][] };

/** Stripe's cross-field rules for a session's lines; throws before anything is created. */
export function checkLines(ctx: StripeContext, specs: LineSpec[], mode: "payment" | "subscription"): LineCheck {
  const shapes = specs.map((spec) => {
    if (spec.priceData) {
      if (spec.priceData.product && !ctx.store.products.get(spec.priceData.product)) {
        throw noSuch("product", spec.priceData.product, `${spec.param}[price_data][product]`);
      }
      return { currency: spec.priceData.currency, recurring: spec.priceData.recurring };
    }
    const price = ctx.store.prices.get(spec.price ?? "");
    if (!price) throw noSuch("price", spec.price ?? "", `${spec.param}[price]`);
    return { currency: price.currency, recurring: price.recurring };
  });
  const currency = shapes[0]?.currency ?? "usd";
  if (shapes.some((s) => s.currency !== currency)) throw invalidRequest("All line items must use the same currency.", "line_items");
  const recurring = shapes.flatMap((s) => (s.recurring ? [s.recurring] : []));
  if (mode === "payment" && recurring.length) {
    throw invalidRequest(
      "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
      "line_items",
    );
  }
  if (mode === "subscription" && !recurring.length) {
    throw invalidRequest("You must provide at least one recurring price in `subscription` mode when using prices.", "line_items");
  }
  const first = recurring[0] ?? null;
  if (first && recurring.some((r) => r.interval !== first.interval || r.interval_count !== first.interval_count)) {
    throw invalidRequest("Checkout does not support multiple prices with different billing intervals.", "line_items");
  }
  const taxRates = specs.map((spec) =>
    spec.taxRateIds.map((id, j) => {
      const rate = ctx.store.taxRates.get(id);
      if (!rate) throw noSuch("tax_rate", id, `${spec.param}[tax_rates][${j}]`);
      if (!rate.active) throw invalidRequest(`Tax rate ${id} is inactive and cannot be used.`, `${spec.param}[tax_rates][${j}]`);
      return rate;
    }),
  );
  return { currency, recurring: first ? { interval: first.interval, interval_count: first.interval_count } : null, taxRates };
}

function priceFor(ctx: StripeContext, spec: LineSpec): PriceObject {
  const data = spec.priceData;
  if (!data) return must(ctx.store.prices.get(spec.price ?? ""), "price", spec.price ?? "", `${spec.param}[price]`);
  const productData = data.productData ?? { name: "", description: null, metadata: {} };
  const product = data.product ?? newProduct(ctx, productData).id;
  const { currency, unitAmount, recurring, taxBehavior } = data;
  return newInlinePrice(ctx, { currency, unitAmount, product, recurring, taxBehavior });
}

/** Creates the products and prices of `price_data` lines and the session's `item` objects (amounts filled by pricing). */
export function createLineItems(ctx: StripeContext, specs: LineSpec[]): ItemObject[] {
  return specs.map((spec) => {
    const price = priceFor(ctx, spec);
    return {
      id: newId("li"),
      object: "item",
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: 0,
      amount_tax: 0,
      amount_total: 0,
      currency: price.currency,
      description: ctx.store.products.get(price.product)?.name ?? null,
      metadata: spec.metadata,
      price: structuredClone(price),
      quantity: spec.quantity,
    };
  });
}
