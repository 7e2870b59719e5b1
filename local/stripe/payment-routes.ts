import { formatMoney } from "./money";
import { metadataOf } from "./metadata";
import { listMatching, must, render } from "./route-helpers";
import { seconds, type ApiRoute, type StripeContext } from "./stripe-context";
import { invalidParam, invalidRequest, noSuch } from "./stripe-error";
import { newId } from "./random-ids";
import type { ChargeObject, JsonObject, RefundObject } from "./stripe-objects";

const REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;

/** POST /v1/refunds: refunds all or part of what is left on a charge (found directly or through its PaymentIntent). */
const createRefund: ApiRoute["handle"] = (rq) => {
  const { ctx, params: p } = rq;
  const chargeId = p.str("charge");
  const intentId = p.str("payment_intent");
  const amount = p.int("amount", { min: 1 });
  const reason = p.oneOf("reason", REASONS);
  const metadata = metadataOf(p.metadata());
  p.ignore("instructions_email");
  p.done();
  if (!chargeId && !intentId) {
    throw invalidParam(
      "charge",
      "One of the following params should be provided for this request: payment_intent or charge.",
      "parameter_missing",
    );
  }
  let charge: ChargeObject | undefined;
  if (intentId) {
    const intent = must(ctx.store.paymentIntents.get(intentId), "payment_intent", intentId, "payment_intent");
    charge = intent.latest_charge ? ctx.store.charges.get(intent.latest_charge) : undefined;
    if (!charge) throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, "payment_intent");
    if (chargeId && chargeId !== charge.id)
      throw invalidRequest(`Charge ${chargeId} does not belong to PaymentIntent ${intentId}.`, "charge");
  } else {
    charge = ctx.store.charges.get(chargeId ?? "");
    if (!charge) throw noSuch("charge", chargeId ?? "", "charge");
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, "charge_already_refunded");
  const refundAmount = amount ?? remaining;
  if (refundAmount > remaining) {
    throw invalidRequest(
      `Refund amount (${formatMoney(refundAmount, charge.currency)}) is greater than unrefunded amount on charge (${formatMoney(remaining, charge.currency)})`,
      "amount",
      "amount_too_large",
    );
  }
  const refund: RefundObject = {
    id: newId("re"),
    object: "refund",
    amount: refundAmount,
    balance_transaction: null,
    charge: charge.id,
    created: seconds(ctx),
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    destination_details: {
      card: { reference: null, reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" },
      type: "card",
    },
    metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason: reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
  ctx.store.refunds.add(refund);
  const previous: JsonObject = { amount_refunded: charge.amount_refunded };
  charge.amount_refunded += refundAmount;
  if (charge.amount_refunded >= charge.amount) {
    previous.refunded = charge.refunded;
    charge.refunded = true;
  }
  charge.refunds = { ...charge.refunds, data: [refund, ...charge.refunds.data] };
  ctx.store.changed();
  ctx.events.emit("charge.refunded", charge, { origin: rq.origin, previous });
  ctx.events.emit("refund.created", refund, { origin: rq.origin });
  return render(rq, refund);
};

function retrieve(path: RegExp, name: string, pick: (ctx: StripeContext, id: string) => JsonObject | undefined): ApiRoute {
  return {
    method: "GET",
    path,
    handle: (rq, [id = ""]) => {
      rq.params.done();
      return render(rq, must(pick(rq.ctx, id), name, id));
    },
  };
}

export const paymentRoutes: ApiRoute[] = [
  retrieve(/^\/payment_intents\/([^/]+)$/, "payment_intent", (ctx, id) => ctx.store.paymentIntents.get(id)),
  retrieve(/^\/charges\/([^/]+)$/, "charge", (ctx, id) => ctx.store.charges.get(id)),
  retrieve(/^\/refunds\/([^/]+)$/, "refund", (ctx, id) => ctx.store.refunds.get(id)),
  retrieve(/^\/disputes\/([^/]+)$/, "dispute", (ctx, id) => ctx.store.disputes.get(id)),
  { method: "POST", path: "/refunds", handle: createRefund },
  {
    method: "GET",
    path: "/payment_intents",
    handle: (rq) => listMatching(rq, rq.ctx.store.paymentIntents.newestFirst(), ["customer"], "/v1/payment_intents", "payment_intent"),
  },
  {
    method: "GET",
    path: "/charges",
    handle: (rq) => listMatching(rq, rq.ctx.store.charges.newestFirst(), ["customer", "payment_intent"], "/v1/charges", "charge"),
  },
  {
    method: "GET",
    path: "/refunds",
    handle: (rq) => listMatching(rq, rq.ctx.store.refunds.newestFirst(), ["charge", "payment_intent"], "/v1/refunds", "refund"),
  },
  {
    method: "GET",
    path: "/disputes",
    handle: (rq) => listMatching(rq, rq.ctx.store.disputes.newestFirst(), ["charge", "payment_intent"], "/v1/disputes", "dispute"),
  },
];
