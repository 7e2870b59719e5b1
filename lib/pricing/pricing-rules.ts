import type { PlanType } from "./plans";

// SPEC §5: a plan badge maps to planType; anything else (including the labels 'Most Popular' and
// 'Selected Plan') becomes starter.
export function planTypeForBadge(badge: string | null | undefined): PlanType {
  switch (badge?.trim().toLowerCase()) {
    case "popular":
      return "popular";
    case "premium":
      return "premium";
    default:
      return "starter";
  }
}

export const TAX_RATE = 0.08;

export type PriceBreakdown = { subtotalCents: number | null; taxCents: number; totalCents: number | null };

/**
 * SPEC §5/§9: tax only when the price string starts with '$' and is not 'Custom'; then the total
 * is price × 1.08 to two decimals (computed in cents, so $21.50 → $23.22 exactly). Any other price
 * (another currency, 'Custom', garbage) has no tax, and a total only if it has a number at all.
 */
export function priceBreakdown(price: string): PriceBreakdown {
  const trimmed = price.trim();
  const amount = /^\$?\s*(\d+(?:\.\d{1,2})?)$/.exec(trimmed)?.[1];
  const cents = amount === undefined ? null : Math.round(Number(amount) * 100);
  if (!trimmed.startsWith("$") || trimmed === "Custom" || cents === null) {
    return { subtotalCents: cents, taxCents: 0, totalCents: cents };
  }
  const taxCents = Math.round(cents * TAX_RATE);
  return { subtotalCents: cents, taxCents, totalCents: cents + taxCents };
}
