import { seconds, type StripeContext } from "./stripe-context";
import { invalidRequest } from "./stripe-error";
import { newId } from "./random-ids";
import type { ChargeObject, DisputeObject, Json } from "./stripe-objects";

// Disputes (chargebacks): the cardholder's bank takes the money back while the case is open; closed
// as `won` it is returned, as `lost` it stays with the cardholder. Opened and closed through the
// control API (`/_local/charges/:id/dispute`), as a bank would.

const EVIDENCE_FIELDS = [
  "access_activity_log",
  "billing_address",
  "cancellation_policy",
  "cancellation_policy_disclosure",
  "cancellation_rebuttal",
  "customer_communication",
  "customer_email_address",
  "customer_name",
  "customer_purchase_ip",
  "customer_signature",
  "duplicate_charge_documentation",
  "duplicate_charge_explanation",
  "duplicate_charge_id",
  "product_description",
  "receipt",
  "refund_policy",
  "refund_policy_disclosure",
  "refund_refusal_explanation",
  "service_date",
  "service_documentation",
  "shipping_address",
  "shipping_carrier",
  "shipping_date",
  "shipping_documentation",
  "shipping_tracking_number",
  "uncategorized_file",
  "uncategorized_text",
] as const;

const RESPONSE_DAYS = 21;

function cardBrand(charge: ChargeObject): Json {
  const details = charge.payment_method_details as { card?: { brand?: Json } } | null;
  return details?.card?.brand ?? "visa";
}

/** A chargeback on a charge: `needs_response`, the amount withdrawn; emits `charge.dispute.created` and `.funds_withdrawn`. */
export function openDispute(ctx: StripeContext, charge: ChargeObject, reason: string): DisputeObject {
  if (charge.status !== "succeeded") throw invalidRequest(`Charge ${charge.id} has not succeeded, so it cannot be disputed.`, "charge");
  const now = seconds(ctx);
  const dispute: DisputeObject = {
    id: newId("dp"),
    object: "dispute",
    amount: charge.amount - charge.amount_refunded,
    balance_transactions: [],
    charge: charge.id,
    created: now,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: { ...Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, null])), enhanced_evidence: {} },
    evidence_details: {
      due_by: now + RESPONSE_DAYS * 86_400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    payment_method_details: {
      card: { brand: cardBrand(charge), case_type: "chargeback", network_reason_code: "10.4", network: cardBrand(charge) },
      type: "card",
    },
    reason,
    status: "needs_response",
  };
  ctx.store.disputes.add(dispute);
  charge.disputed = true;
  ctx.store.changed();
  ctx.events.emit("charge.dispute.created", dispute);
  ctx.events.emit("charge.dispute.funds_withdrawn", dispute);
  return dispute;
}

/** Closes an open dispute as the bank decided it; emits `charge.dispute.closed` (and `.funds_reinstated` when won). */
export function closeDispute(ctx: StripeContext, dispute: DisputeObject, outcome: "won" | "lost"): void {
  if (dispute.status === "won" || dispute.status === "lost") throw invalidRequest(`Dispute ${dispute.id} is already closed.`);
  const previous = { status: dispute.status };
  dispute.status = outcome;
  ctx.store.changed();
  ctx.events.emit("charge.dispute.closed", dispute, { previous });
  if (outcome === "won") ctx.events.emit("charge.dispute.funds_reinstated", dispute);
}
