import { paginate, readPage } from "./list-page";
import { mergeMetadata, metadataChanges, metadataOf } from "./metadata";
import { promotionCodeActive } from "./present";
import { must, render } from "./route-helpers";
import { seconds, type ApiRoute, type StripeContext } from "./stripe-context";
import { invalidParam, missingParam, noSuch } from "./stripe-error";
import { newId, newPromotionCode } from "./random-ids";
import type { JsonObject, PromotionCodeObject } from "./stripe-objects";

/** "Regardless of case, this code must be unique across all active promotion codes." */
function assertCodeFree(ctx: StripeContext, code: string, exceptId?: string): void {
  const now = seconds(ctx);
  const clash = ctx.store.promotionCodes
    .all()
    .find(
      (other) => other.id !== exceptId && other.code.toLowerCase() === code.toLowerCase() && promotionCodeActive(other, ctx.store, now),
    );
  if (clash) throw invalidParam("code", `An active promotion code with \`code: ${code}\` already exists.`, "resource_already_exists");
}

const createPromotionCode: ApiRoute["handle"] = (rq) => {
  const { ctx, params: p } = rq;
  const promotion = p.hashOf("promotion", { required: true });
  promotion?.oneOf("type", ["coupon"] as const, { required: true });
  const couponId = promotion?.str("coupon", { required: true }) ?? "";
  const code = p.str("code", { max: 500 });
  const active = p.bool("active") ?? true;
  const customer = p.str("customer");
  const expiresAt = p.int("expires_at", { min: 0 });
  const maxRedemptions = p.int("max_redemptions", { min: 1 });
  const metadata = metadataOf(p.metadata());
  const restrictions = p.hashOf("restrictions");
  const firstTime = restrictions?.bool("first_time_transaction") ?? false;
  const minimumAmount = restrictions?.int("minimum_amount", { min: 0 });
  const minimumCurrency = restrictions?.str("minimum_amount_currency")?.toLowerCase();
  p.done();
  // stripe-node's PromotionCodeCreateParams: letters, digits and dashes.
  if (code !== undefined && !/^[A-Za-z0-9-]+$/.test(code)) {
    throw invalidParam("code", "Invalid code: promotion codes may only contain the characters a-z, A-Z, 0-9 and -.");
  }
  if (minimumAmount !== undefined && !minimumCurrency) throw missingParam("restrictions[minimum_amount_currency]");
  if (!ctx.store.coupons.get(couponId)) throw noSuch("coupon", couponId, "promotion[coupon]");
  if (customer && !ctx.store.customers.get(customer)) throw noSuch("customer", customer, "customer");
  if (expiresAt !== undefined && expiresAt <= seconds(ctx)) throw invalidParam("expires_at", "Invalid expires_at: must be in the future");
  const finalCode = code ?? newPromotionCode();
  if (active) assertCodeFree(ctx, finalCode);
  const promotionCode: PromotionCodeObject = {
    id: newId("promo"),
    object: "promotion_code",
    active,
    code: finalCode,
    created: seconds(ctx),
    customer: customer ?? null,
    customer_account: null,
    expires_at: expiresAt ?? null,
    livemode: false,
    max_redemptions: maxRedemptions ?? null,
    metadata,
    promotion: { type: "coupon", coupon: couponId },
    restrictions: {
      first_time_transaction: firstTime,
      minimum_amount: minimumAmount ?? null,
      minimum_amount_currency: minimumAmount !== undefined ? (minimumCurrency ?? null) : null,
    },
    times_redeemed: 0,
  };
  ctx.store.promotionCodes.add(promotionCode);
  ctx.store.changed();
  ctx.events.emit("promotion_code.created", promotionCode, { origin: rq.origin });
  return render(rq, promotionCode);
};

const updatePromotionCode: ApiRoute["handle"] = (rq, [id = ""]) => {
  const { ctx, params: p } = rq;
  const active = p.bool("active");
  const metadata = p.metadata();
  p.done();
  const code = must(ctx.store.promotionCodes.get(id), "promotion_code", id);
  const previous: JsonObject = {};
  if (active !== undefined && active !== code.active) {
    if (active) assertCodeFree(ctx, code.code, code.id);
    previous.active = code.active;
    code.active = active;
  }
  const next = mergeMetadata(code.metadata, metadata);
  const changed = metadataChanges(code.metadata, next);
  if (changed) previous.metadata = changed;
  code.metadata = next;
  ctx.store.changed();
  if (Object.keys(previous).length) ctx.events.emit("promotion_code.updated", code, { previous, origin: rq.origin });
  return render(rq, code);
};

const listPromotionCodes: ApiRoute["handle"] = (rq) => {
  const { ctx, params: p } = rq;
  const page = readPage(p);
  const code = p.str("code");
  const active = p.bool("active");
  const coupon = p.str("coupon");
  const customer = p.str("customer");
  p.done();
  const now = seconds(ctx);
  const found = ctx.store.promotionCodes
    .newestFirst()
    .filter(
      (c) =>
        (code === undefined || c.code.toLowerCase() === code.toLowerCase()) &&
        (active === undefined || promotionCodeActive(c, ctx.store, now) === active) &&
        (coupon === undefined || c.promotion.coupon === coupon) &&
        (customer === undefined || c.customer === customer),
    );
  return render(rq, paginate(ctx, found, page, "/v1/promotion_codes", "promotion_code"));
};

export const promotionCodeRoutes: ApiRoute[] = [
  { method: "POST", path: "/promotion_codes", handle: createPromotionCode },
  {
    method: "GET",
    path: /^\/promotion_codes\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(rq.ctx.store.promotionCodes.get(id), "promotion_code", id));
    },
  },
  { method: "POST", path: /^\/promotion_codes\/([^/]+)$/, handle: updatePromotionCode },
  { method: "GET", path: "/promotion_codes", handle: listPromotionCodes },
];
