import { payCheckout } from "./card-payment";
import { settleDelayedPayment } from "./checkout-settlement";
import { closeDispute, openDispute } from "./disputes";
import { expand } from "./expand";
import type { RawRoute, StripeContext } from "./stripe-context";
import { invalidRequest, noSuch } from "./stripe-error";
import { readJsonObject, sendJson } from "./stripe-http";
import type { JsonObject } from "./stripe-objects";

// The test control API (`/_local/...`): what a person does on the hosted page, and what Stripe does on its own
// schedule (delayed payments clearing, events being delivered again), on demand.

function text(body: Record<string, unknown>, key: string, required = false): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) {
    if (required) throw invalidRequest(`Missing required field: ${key}.`, key, "parameter_missing");
    return undefined;
  }
  if (typeof value !== "string") throw invalidRequest(`${key} must be a string.`, key);
  return value;
}

function session(ctx: StripeContext, id: string) {
  const found = ctx.store.sessions.get(id);
  if (!found) throw noSuch("checkout.session", id);
  return found;
}

/** Event type prefix → the `object` of what the event carries. */
const EVENT_OBJECTS: [string, string][] = [
  ["checkout.session.", "checkout.session"],
  ["customer.subscription.", "subscription"],
  ["customer.", "customer"],
  ["invoice_payment.", "invoice_payment"],
  ["invoice.", "invoice"],
  ["payment_intent.", "payment_intent"],
  ["charge.dispute.", "dispute"],
  ["charge.", "charge"],
  ["refund.", "refund"],
  ["coupon.", "coupon"],
  ["promotion_code.", "promotion_code"],
  ["tax_rate.", "tax_rate"],
  ["price.", "price"],
  ["product.", "product"],
];

function plainObject(value: unknown, key: string): JsonObject | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw invalidRequest(`${key} must be an object.`, key);
  return JSON.parse(JSON.stringify(value)) as JsonObject;
}

export const controlRoutes: RawRoute[] = [
  {
    method: "POST",
    path: /^\/_local\/checkout\/sessions\/([^/]+)\/pay$/,
    authenticated: true,
    handle: async (ctx, req, res, [id = ""]) => {
      const body = await readJsonObject(req);
      const card = text(body, "card", true) ?? "";
      const delayed = body.async === true;
      const exp = text(body, "exp") ?? `12/${String((new Date(ctx.now()).getUTCFullYear() + 5) % 100).padStart(2, "0")}`;
      const cvc = text(body, "cvc") ?? (/^3[47]/.test(card.replace(/\D/g, "")) ? "1234" : "123");
      const target = session(ctx, id);
      const result = payCheckout(ctx, target, {
        number: card,
        exp,
        cvc,
        name: text(body, "name") ?? "",
        email: text(body, "email") ?? "",
        delayed,
      });
      if (result.outcome === "succeeded") return sendJson(res, 200, { outcome: "succeeded", redirect_url: result.redirectUrl });
      const { outcome, code, declineCode, message } = result;
      sendJson(res, outcome === "declined" ? 402 : 400, { outcome, code, ...(declineCode ? { decline_code: declineCode } : {}), message });
    },
  },
  {
    method: "POST",
    path: /^\/_local\/checkout\/sessions\/([^/]+)\/async$/,
    authenticated: true,
    handle: async (ctx, req, res, [id = ""]) => {
      const body = await readJsonObject(req);
      const outcome = text(body, "outcome", true);
      if (outcome !== "succeeded" && outcome !== "failed") throw invalidRequest("outcome must be 'succeeded' or 'failed'.", "outcome");
      const target = session(ctx, id);
      const payer = ctx.store.checkoutExtras.get(id)?.pendingPayment;
      if (target.status !== "complete" || !payer) {
        throw invalidRequest("This Checkout Session is not waiting for a delayed payment (pay it with `async: true` first).");
      }
      settleDelayedPayment(ctx, target, payer, outcome === "succeeded");
      sendJson(res, 200, expand(ctx, target, []));
    },
  },
  {
    // A cardholder disputes a charge: the dispute opens and, with `status` won or lost, is closed as the bank decided.
    method: "POST",
    path: /^\/_local\/charges\/([^/]+)\/dispute$/,
    authenticated: true,
    handle: async (ctx, req, res, [id = ""]) => {
      const body = await readJsonObject(req);
      const status = text(body, "status");
      if (status !== undefined && status !== "won" && status !== "lost") throw invalidRequest("status must be 'won' or 'lost'.", "status");
      const charge = ctx.store.charges.get(id);
      if (!charge) throw noSuch("charge", id);
      const dispute =
        ctx.store.disputes.all().find((d) => d.charge === id) ?? openDispute(ctx, charge, text(body, "reason") ?? "fraudulent");
      if (status) closeDispute(ctx, dispute, status);
      sendJson(res, 200, expand(ctx, dispute, []));
    },
  },
  {
    method: "POST",
    path: /^\/_local\/events$/,
    authenticated: true,
    handle: async (ctx, req, res) => {
      const body = await readJsonObject(req);
      const type = text(body, "type", true) ?? "";
      const id = text(body, "object", true) ?? "";
      const expected = EVENT_OBJECTS.find(([prefix]) => type.startsWith(prefix))?.[1];
      if (!expected) throw invalidRequest(`Events of type ${type} cannot be triggered here.`, "type");
      const object = expected === "coupon" ? ctx.store.coupons.get(id) : ctx.store.find(id);
      if (!object) throw noSuch(expected, id, "object");
      if (object.object !== expected)
        throw invalidRequest(`A ${type} event carries a ${expected}, but ${id} is a ${String(object.object)}.`, "object");
      const previous = plainObject(body.previous_attributes, "previous_attributes");
      sendJson(res, 200, ctx.events.emit(type, object, previous ? { previous } : {}));
    },
  },
  {
    method: "POST",
    path: /^\/_local\/events\/([^/]+)\/resend$/,
    authenticated: true,
    handle: async (ctx, _req, res, [id = ""]) => {
      const event = ctx.store.events.get(id);
      if (!event) throw noSuch("event", id);
      sendJson(res, 200, { event_id: event.id, deliveries: ctx.events.resend(event) });
    },
  },
  {
    method: "GET",
    path: /^\/_local\/deliveries$/,
    authenticated: true,
    handle: async (ctx, req, res) => {
      const query = new URL(req.url ?? "/", "http://stripe.local").searchParams;
      const filter = { event: query.get("event") ?? undefined, type: query.get("type") ?? undefined };
      sendJson(res, 200, { object: "list", data: ctx.webhooks.list(filter) });
    },
  },
];
