import { CGM_DEVICE_FEE_CENTS, type PlanDefinition } from "../pricing/plans";
import { TAX_RATE } from "../pricing/pricing-rules";

// D1: a plan is a subscription billed every 3, 6 or 12 months at the spec's price; with a CGM a
// one-time $50 device fee line is added; 8% tax is charged on every line.

export type Recurring = { interval: "month" | "year"; intervalCount: number };
export type CheckoutLine = { key: "plan" | "cgm"; name: string; amountCents: number; recurring: Recurring | null };
export type CheckoutDiscount = { percentOff: number | null; amountOffCents: number | null };
export type CheckoutAmounts = { subtotalCents: number; discountCents: number; taxCents: number; totalCents: number };

export function planRecurring(plan: PlanDefinition): Recurring {
  return plan.billingMonths % 12 === 0
    ? { interval: "year", intervalCount: plan.billingMonths / 12 }
    : { interval: "month", intervalCount: plan.billingMonths };
}

export function checkoutLines(plan: PlanDefinition, hasCgm: boolean): CheckoutLine[] {
  const lines: CheckoutLine[] = [
    { key: "plan", name: `${plan.name} plan (${plan.billingLabel})`, amountCents: plan.priceCents, recurring: planRecurring(plan) },
  ];
  if (hasCgm) lines.push({ key: "cgm", name: "CGM devices", amountCents: CGM_DEVICE_FEE_CENTS, recurring: null });
  return lines;
}

/** Splits a fixed discount over the lines in proportion to their amounts, to the cent. */
function spread(total: number, amounts: number[]): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum === 0) return amounts.map(() => 0);
  const capped = Math.min(total, sum);
  const shares = amounts.map((a) => Math.floor((capped * a) / sum));
  let left = capped - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % shares.length, left--) shares[i]! += 1;
  return shares;
}

/**
 * What the first payment comes to, computed the way Stripe does for exclusive tax rates: the
 * discount comes off each line first, then tax is rounded per line. Without a discount the total
 * equals the page's 'Pay {total}' (price × 1.08).
 */
export function checkoutAmounts(lines: CheckoutLine[], discount: CheckoutDiscount | null, taxRate = TAX_RATE): CheckoutAmounts {
  const amounts = lines.map((line) => line.amountCents);
  const subtotalCents = amounts.reduce((a, b) => a + b, 0);
  let discounts = amounts.map(() => 0);
  if (discount?.percentOff) discounts = amounts.map((a) => Math.round((a * discount.percentOff!) / 100));
  else if (discount?.amountOffCents) discounts = spread(discount.amountOffCents, amounts);
  const discountCents = discounts.reduce((a, b) => a + b, 0);
  const taxCents = amounts.reduce((sum, a, i) => sum + Math.round((a - discounts[i]!) * taxRate), 0);
  return { subtotalCents, discountCents, taxCents, totalCents: subtotalCents - discountCents + taxCents };
}
