import { paginate, readPage } from "./list-page";
import { mergeMetadata, metadataChanges } from "./metadata";
import type { ParamReader } from "./param-reader";
import { must, render } from "./route-helpers";
import { seconds, type ApiRoute, type RequestOrigin, type StripeContext } from "./stripe-context";
import { invalidParam, invalidRequest } from "./stripe-error";
import type { JsonObject, SubscriptionObject } from "./stripe-objects";
import { currentPeriodEnd } from "./subscription-builder";

const FEEDBACK = [
  "customer_service",
  "low_quality",
  "missing_features",
  "other",
  "switched_service",
  "too_complex",
  "too_expensive",
  "unused",
] as const;
const STATUSES = [
  "active",
  "all",
  "canceled",
  "ended",
  "incomplete",
  "incomplete_expired",
  "past_due",
  "paused",
  "trialing",
  "unpaid",
] as const;

function readCancellationDetails(p: ParamReader) {
  const details = p.hashOf("cancellation_details");
  if (!details) return undefined;
  return { comment: details.str("comment", { max: 5000 }) ?? null, feedback: details.oneOf("feedback", FEEDBACK) ?? null };
}

/** Ends a subscription now (`DELETE`, or its `cancel_at` arriving) and emits `customer.subscription.deleted`. */
export function cancelSubscription(ctx: StripeContext, subscription: SubscriptionObject, origin?: RequestOrigin): void {
  const now = seconds(ctx);
  subscription.status = "canceled";
  subscription.ended_at = now;
  subscription.canceled_at ??= now;
  subscription.cancellation_details = {
    ...subscription.cancellation_details,
    reason: subscription.cancellation_details.reason ?? "cancellation_requested",
  };
  ctx.store.changed();
  ctx.events.emit("customer.subscription.deleted", subscription, { origin });
}

/** Cancels subscriptions whose `cancel_at` has passed (run by the periodic sweep). */
export function sweepScheduledCancellations(ctx: StripeContext): void {
  const now = seconds(ctx);
  for (const subscription of ctx.store.subscriptions.all()) {
    if (subscription.status !== "canceled" && subscription.cancel_at !== null && subscription.cancel_at <= now)
      cancelSubscription(ctx, subscription);
  }
}

const updateSubscription: ApiRoute["handle"] = (rq, [id = ""]) => {
  const { ctx, params: p } = rq;
  const atPeriodEnd = p.bool("cancel_at_period_end");
  const cancelAtText = p.str("cancel_at");
  const clearCancelAt = p.unset("cancel_at");
  const metadata = p.metadata();
  const description = p.str("description", { max: 500 });
  const details = readCancellationDetails(p);
  p.ignore("proration_behavior");
  p.done();
  const subscription = must(ctx.store.subscriptions.get(id), "subscription", id);
  const scheduling = atPeriodEnd !== undefined || cancelAtText !== undefined || clearCancelAt || description !== undefined;
  if (subscription.status === "canceled" && scheduling) {
    throw invalidRequest("A canceled subscription can only update its cancellation_details and metadata.");
  }
  if (atPeriodEnd && (cancelAtText !== undefined || clearCancelAt)) {
    throw invalidRequest("You may only specify one of these parameters: cancel_at, cancel_at_period_end.", "cancel_at");
  }
  const periodEnd = currentPeriodEnd(subscription);
  let cancelAt: number | null | undefined = clearCancelAt ? null : undefined;
  if (cancelAtText === "min_period_end" || cancelAtText === "max_period_end") cancelAt = periodEnd;
  else if (cancelAtText !== undefined) {
    if (!/^\d+$/.test(cancelAtText)) throw invalidParam("cancel_at", `Invalid integer: ${cancelAtText}`, "parameter_invalid_integer");
    cancelAt = Number(cancelAtText);
    if (cancelAt <= seconds(ctx)) throw invalidParam("cancel_at", "Invalid cancel_at: must be in the future");
  }

  const before: JsonObject = structuredClone(subscription);
  const now = seconds(ctx);
  const schedule = (at: number | null, atEnd: boolean) => {
    subscription.cancel_at = at;
    subscription.cancel_at_period_end = atEnd;
    subscription.canceled_at = at === null ? null : (subscription.canceled_at ?? now);
    subscription.cancellation_details = { ...subscription.cancellation_details, reason: at === null ? null : "cancellation_requested" };
  };
  if (atPeriodEnd !== undefined) schedule(atPeriodEnd ? periodEnd : null, atPeriodEnd);
  if (cancelAt !== undefined) schedule(cancelAt, false);
  if (details) subscription.cancellation_details = { ...subscription.cancellation_details, ...details };
  if (description !== undefined) subscription.description = description;
  const nextMetadata = mergeMetadata(subscription.metadata, metadata);
  const metadataChanged = metadataChanges(subscription.metadata, nextMetadata);
  subscription.metadata = nextMetadata;

  const previous: JsonObject = {};
  for (const key of ["cancel_at", "cancel_at_period_end", "canceled_at", "cancellation_details", "description"]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(subscription[key])) previous[key] = before[key] ?? null;
  }
  if (metadataChanged) previous.metadata = metadataChanged;
  ctx.store.changed();
  if (Object.keys(previous).length) ctx.events.emit("customer.subscription.updated", subscription, { previous, origin: rq.origin });
  return render(rq, subscription);
};

export const subscriptionRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: /^\/subscriptions\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(rq.ctx.store.subscriptions.get(id), "subscription", id));
    },
  },
  { method: "POST", path: /^\/subscriptions\/([^/]+)$/, handle: updateSubscription },
  {
    method: "DELETE",
    path: /^\/subscriptions\/([^/]+)$/,
    handle: (rq, [id = ""]) => {
      const p = rq.params;
      const details = readCancellationDetails(p);
      p.ignore("invoice_now", "prorate");
      p.done();
      const subscription = must(rq.ctx.store.subscriptions.get(id), "subscription", id);
      if (subscription.status === "canceled") throw invalidRequest(`The subscription ${id} has already been canceled.`);
      if (details) subscription.cancellation_details = { ...subscription.cancellation_details, ...details };
      cancelSubscription(rq.ctx, subscription, rq.origin);
      return render(rq, subscription);
    },
  },
  {
    method: "GET",
    path: "/subscriptions",
    handle: (rq) => {
      const p = rq.params;
      const page = readPage(p);
      const customer = p.str("customer");
      const price = p.str("price");
      const status = p.oneOf("status", STATUSES);
      p.done();
      // Without `status`, Stripe lists every subscription that is not canceled.
      const matches = (s: SubscriptionObject) =>
        status === "all" ||
        (status === undefined && s.status !== "canceled") ||
        (status === "ended" && (s.status === "canceled" || s.status === "incomplete_expired")) ||
        s.status === status;
      const found = rq.ctx.store.subscriptions
        .newestFirst()
        .filter((s) => matches(s) && (customer === undefined || s.customer === customer))
        .filter((s) => price === undefined || s.items.data.some((item) => item.price.id === price));
      return render(rq, paginate(rq.ctx, found, page, "/v1/subscriptions", "subscription"));
    },
  },
];
