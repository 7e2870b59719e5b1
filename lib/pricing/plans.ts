// SPEC §9 Questionnaire and plans: the three plans, their prices with and without a CGM, and what
// each includes. Prices are whole dollars as the page shows them; checkout works in cents.
export type PlanType = "starter" | "popular" | "premium";

export type PlanDefinition = {
  type: PlanType;
  planIndex: 0 | 1 | 2;
  name: "Starter" | "Popular" | "Premium";
  description: string;
  billingMonths: 3 | 6 | 12;
  billingLabel: string;
  /** How often the plan renews, as a sentence ends: "every 3 months", "every year". */
  renewalLabel: string;
  priceCents: number;
  features: readonly string[];
};

export const CGM_DEVICE_FEE_CENTS = 5000;

const COMMON_FEATURES = [
  "14-day CGM glucose bootcamp (7 + 7 days)",
  "AI coach in Telegram, day and night",
  "Small cohort with a weekly group call",
  "Personal glucose report after the bootcamp",
] as const;

export const PLANS: readonly PlanDefinition[] = [
  {
    type: "starter",
    planIndex: 0,
    name: "Starter",
    description: "Everything you need to learn your own glucose responses.",
    billingMonths: 3,
    billingLabel: "3 months",
    renewalLabel: "every 3 months",
    priceCents: 9900,
    features: COMMON_FEATURES,
  },
  {
    type: "popular",
    planIndex: 1,
    name: "Popular",
    description: "The bootcamp plus private sessions with a human coach.",
    billingMonths: 6,
    billingLabel: "6 months",
    renewalLabel: "every 6 months",
    priceCents: 12900,
    features: [...COMMON_FEATURES, "Private 1 on 1 coaching sessions"],
  },
  {
    type: "premium",
    planIndex: 2,
    name: "Premium",
    description: "A full year of coaching with the fastest answers.",
    billingMonths: 12,
    billingLabel: "1 year",
    renewalLabel: "every year",
    priceCents: 13900,
    features: [...COMMON_FEATURES, "Private 1 on 1 coaching sessions", "Priority support"],
  },
];

/** Price in cents for a plan, with the $50 CGM device fee when a CGM is included. */
/** Whether a value (a stored recommendation, say) names one of the plans. */
export function isPlanType(value: unknown): value is PlanType {
  return PLANS.some((plan) => plan.type === value);
}

export function planPriceCents(plan: PlanDefinition, includeCgm: boolean): number {
  return plan.priceCents + (includeCgm ? CGM_DEVICE_FEE_CENTS : 0);
}

/** Whole-dollar price as the page prints it: "$99", "$149". */
export function formatPlanPrice(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}

/** SPEC §9 per-month figure of the plan without CGM: $33, $21.50, $11.58. */
export function perMonthLabel(plan: PlanDefinition): string {
  const perMonth = Math.round(plan.priceCents / plan.billingMonths) / 100;
  return `$${Number.isInteger(perMonth) ? perMonth : perMonth.toFixed(2)}/month`;
}
