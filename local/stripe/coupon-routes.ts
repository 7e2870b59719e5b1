import { paginate, readPage } from "./list-page";
import { mergeMetadata, metadataChanges, metadataOf } from "./metadata";
import { deleted, must, render } from "./route-helpers";
import { seconds, type ApiRoute } from "./stripe-context";
import { invalidParam, missingParam, StripeError } from "./stripe-error";
import { newCouponId } from "./random-ids";
import type { CouponObject, JsonObject } from "./stripe-objects";

const DURATIONS = ["forever", "once", "repeating"] as const;

const createCoupon: ApiRoute["handle"] = (rq) => {
  const { ctx, params: p } = rq;
  const id = p.str("id", { max: 200 });
  const percentOff = p.decimal("percent_off", { min: 0, max: 100 });
  const amountOff = p.int("amount_off", { min: 1 });
  const currency = p.str("currency")?.toLowerCase();
  const duration = p.oneOf("duration", DURATIONS) ?? "once";
  const months = p.int("duration_in_months", { min: 1, max: 1200 });
  const maxRedemptions = p.int("max_redemptions", { min: 1 });
  const redeemBy = p.int("redeem_by", { min: 0 });
  const name = p.str("name", { max: 40 });
  const metadata = metadataOf(p.metadata());
  p.done();
  if (percentOff === undefined && amountOff === undefined) {
    throw invalidParam("percent_off", "You must pass either `percent_off` or `amount_off`.");
  }
  if (percentOff !== undefined && amountOff !== undefined) {
    throw invalidParam("amount_off", "You may only specify one of these parameters: amount_off, percent_off.");
  }
  if (percentOff === 0) throw invalidParam("percent_off", "Invalid percent_off: must be greater than 0");
  if (amountOff !== undefined && !currency) throw missingParam("currency");
  if (duration === "repeating" && months === undefined) throw missingParam("duration_in_months");
  if (duration !== "repeating" && months !== undefined) {
    throw invalidParam("duration_in_months", "You can only pass duration_in_months when duration is repeating.");
  }
  if (redeemBy !== undefined && redeemBy <= seconds(ctx)) {
    throw invalidParam("redeem_by", "Invalid redeem_by: must be in the future");
  }
  if (id && (ctx.store.coupons.get(id) || !/^[A-Za-z0-9_-]+$/.test(id))) {
    throw ctx.store.coupons.get(id)
      ? new StripeError(400, "invalid_request_error", "Coupon already exists.", "resource_already_exists", "id")
      : invalidParam("id", "Coupon ids may only contain letters, digits, `-` and `_`.");
  }
  const coupon: CouponObject = {
    id: id ?? newCouponId(),
    object: "coupon",
    amount_off: amountOff ?? null,
    created: seconds(ctx),
    currency: amountOff !== undefined ? (currency ?? null) : null,
    duration,
    duration_in_months: months ?? null,
    livemode: false,
    max_redemptions: maxRedemptions ?? null,
    metadata,
    name: name ?? null,
    percent_off: percentOff ?? null,
    redeem_by: redeemBy ?? null,
    times_redeemed: 0,
    valid: true,
  };
  ctx.store.coupons.add(coupon);
  ctx.store.changed();
  ctx.events.emit("coupon.created", coupon, { origin: rq.origin });
  return render(rq, coupon);
};

export const couponRoutes: ApiRoute[] = [
  { method: "POST", path: "/coupons", handle: createCoupon },
  {
    method: "GET",
    path: /^\/coupons\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(rq.ctx.store.coupons.get(id), "coupon", id));
    },
  },
  {
    method: "POST",
    path: /^\/coupons\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      const p = rq.params;
      const name = p.str("name", { max: 40 });
      const clearName = p.unset("name");
      const metadata = p.metadata();
      p.done();
      const coupon = must(rq.ctx.store.coupons.get(id), "coupon", id);
      const previous: JsonObject = {};
      if (name !== undefined || clearName) {
        if (coupon.name !== (name ?? null)) previous.name = coupon.name;
        coupon.name = name ?? null;
      }
      const next = mergeMetadata(coupon.metadata, metadata);
      const changed = metadataChanges(coupon.metadata, next);
      if (changed) previous.metadata = changed;
      coupon.metadata = next;
      rq.ctx.store.changed();
      if (Object.keys(previous).length) rq.ctx.events.emit("coupon.updated", coupon, { previous, origin: rq.origin });
      return render(rq, coupon);
    },
  },
  {
    method: "DELETE",
    path: /^\/coupons\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      const coupon = must(rq.ctx.store.coupons.get(id), "coupon", id);
      rq.ctx.store.coupons.delete(id);
      rq.ctx.store.changed();
      rq.ctx.events.emit("coupon.deleted", { ...coupon, valid: false }, { origin: rq.origin });
      return deleted(id, "coupon");
    },
  },
  {
    method: "GET",
    path: "/coupons",
    handle: (rq) => {
      const page = readPage(rq.params);
      rq.params.done();
      return render(rq, paginate(rq.ctx, rq.ctx.store.coupons.newestFirst(), page, "/v1/coupons", "coupon"));
    },
  },
];
