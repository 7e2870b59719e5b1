import "server-only";
import type { PlanDefinition } from "@/lib/pricing/plans";
import type { ParsedCheckoutSessionRequest } from "@/lib/payments/checkout-schemas";

// Stripe metadata values are strings of at most 500 characters. The full user info and
// questionnaire live on the order; here they travel only when they fit.
const MAX_VALUE = 500;

function fitting(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const json = JSON.stringify(value);
  return json.length <= MAX_VALUE ? json : undefined;
}

/** SPEC §3 metadata (source, plan_name, user_info, questionnaire, cohort_id) plus the order id. */
export function checkoutMetadata(orderId: string, plan: PlanDefinition, request: ParsedCheckoutSessionRequest): Record<string, string> {
  const entries: [string, string | undefined][] = [
    ["order_id", orderId],
    ["source", request.metadata.source ?? "website"],
    ["plan_name", plan.name],
    ["plan_type", plan.type],
    ["has_cgm", String(request.hasCGM)],
    ["cohort_id", request.cohortId],
    ["user_info", fitting(request.metadata.user_info) ?? "stored with the order"],
    ["questionnaire", fitting(request.metadata.questionnaire)],
    ["referral_id", request.referralId],
    ["utm_source", request.utmSource],
    ["utm_medium", request.utmMedium],
    ["utm_campaign", request.utmCampaign],
    ["utm_term", request.utmTerm],
    ["utm_content", request.utmContent],
    ["referrer_url", request.referrerUrl?.slice(0, MAX_VALUE)],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== undefined));
}
