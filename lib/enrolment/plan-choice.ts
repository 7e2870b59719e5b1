import { PLANS, type PlanDefinition } from "../pricing/plans";

// D12: the plan and the CGM choice travel in the URL query (`plan`, `cgm`) through /user-info and
// /payment, exactly as the pricing section's Continue link writes them.
export type PlanChoice = { plan: PlanDefinition; includeCgm: boolean };

type QueryValue = string | string[] | null | undefined;

function first(value: QueryValue): string | undefined {
  return (Array.isArray(value) ? value[0] : value) ?? undefined;
}

/** The plan and CGM choice of a query, or null when `plan` is not one of the three plans. */
export function parsePlanChoice(query: { plan?: QueryValue; cgm?: QueryValue }): PlanChoice | null {
  const type = first(query.plan);
  const plan = PLANS.find((p) => p.type === type);
  if (!plan) return null;
  // Only the pricing section's own "true" adds the device; anything else is the cheaper choice.
  return { plan, includeCgm: first(query.cgm) === "true" };
}

/** "plan=popular&cgm=true", plus any extra parameters in the order given. */
export function planQuery(choice: PlanChoice, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ plan: choice.plan.type, cgm: String(choice.includeCgm), ...extra }).toString();
}

export const PRICING_PATH = "/how-it-works#pricing";

/** Step 1 of enrolment for this choice. */
export function userInfoPath(choice: PlanChoice): string {
  return `/user-info?${planQuery(choice)}`;
}

/** /payment for this choice at step 2 (choose cohort) or step 3 (pay). */
export function paymentPath(choice: PlanChoice, step: "cohort" | "pay" = "cohort"): string {
  return `/payment?${planQuery(choice, step === "pay" ? { step: "pay" } : {})}`;
}
