import { present } from "./present";
import { seconds, type StripeContext } from "./stripe-context";
import { invalidParam } from "./stripe-error";
import type { Json, JsonObject } from "./stripe-objects";

const MAX_LEVELS = 4;

/** Fields that exist only when expanded (Stripe's "includable" properties). */
const VIRTUAL: Record<string, Record<string, (ctx: StripeContext, owner: JsonObject) => Json>> = {
  "checkout.session": {
    line_items: (ctx, session) => {
      const id = String(session.id);
      const data = ctx.store.checkoutExtras.get(id)?.lineItems ?? [];
      return { object: "list", data, has_more: false, url: `/v1/checkout/sessions/${id}/line_items` };
    },
  },
  invoice: {
    payments: (ctx, invoice) => {
      const data = ctx.store.invoicePayments.newestFirst().filter((p) => p.invoice === invoice.id);
      return { object: "list", data, has_more: false, url: `/v1/invoice_payments?invoice=${String(invoice.id)}` };
    },
  },
};

const notExpandable = (path: string) => invalidParam("expand", `This property cannot be expanded (${path}).`);

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function resolve(ctx: StripeContext, key: string, value: Json, path: string): Json {
  if (value === null || isObject(value)) return value;
  if (Array.isArray(value)) return value.map((item) => resolve(ctx, key, item, path));
  if (typeof value !== "string") throw notExpandable(path);
  const found = key === "coupon" ? ctx.store.coupons.get(value) : ctx.store.find(value);
  if (!found) throw notExpandable(path);
  return present(found, ctx.store, seconds(ctx));
}

function apply(ctx: StripeContext, target: Json, segments: string[], path: string): Json {
  if (Array.isArray(target)) return target.map((item) => apply(ctx, item, segments, path));
  if (!isObject(target)) return target;
  const [key, ...rest] = segments;
  if (key === undefined) return target;
  const virtual = VIRTUAL[String(target.object)]?.[key];
  const current = virtual && target[key] === undefined ? virtual(ctx, target) : target[key];
  if (current === undefined) throw notExpandable(path);
  const expanded = resolve(ctx, key, current, path);
  return { ...target, [key]: rest.length ? apply(ctx, expanded, rest, path) : expanded };
}

/** Applies `expand[]` paths (`customer`, `data.subscription`, `subscription.latest_invoice`, ...) to a response. */
export function expand(ctx: StripeContext, value: JsonObject, paths: string[]): JsonObject {
  let result: Json = present(value, ctx.store, seconds(ctx));
  for (const path of paths) {
    const segments = path.split(".");
    if (segments.length > MAX_LEVELS) {
      throw invalidParam("expand", `You cannot expand more than ${MAX_LEVELS} levels of a property. Property: ${path}`);
    }
    result = apply(ctx, result, segments, path);
  }
  return isObject(result) ? result : value;
}
