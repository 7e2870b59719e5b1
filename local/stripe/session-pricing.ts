import type { CouponObject, TaxRateObject } from "./stripe-objects";

export type PricingLine = { amount: number; taxRates: TaxRateObject[] };
export type LineTax = { rate: TaxRateObject; amount: number; taxableAmount: number };
export type PricedLine = {
  amount: number;
  discount: number;
  taxes: LineTax[];
  /** All tax on the line, inclusive and exclusive (Stripe's `amount_tax`). */
  tax: number;
  /** What the line adds to the total: amount − discount + exclusive tax. */
  total: number;
};
export type Pricing = { lines: PricedLine[]; subtotal: number; discount: number; tax: number; inclusiveTax: number; total: number };

/** Per-line discounts: a percentage rounds on each line; a fixed amount (capped at the subtotal) is spread in proportion. */
function discounts(amounts: number[], coupon: CouponObject | null): number[] {
  if (!coupon) return amounts.map(() => 0);
  if (coupon.percent_off !== null) {
    const percent = coupon.percent_off;
    return amounts.map((amount) => Math.round((amount * percent) / 100));
  }
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0);
  const off = Math.min(coupon.amount_off ?? 0, subtotal);
  if (subtotal === 0) return amounts.map(() => 0);
  const shares = amounts.map((amount) => Math.floor((off * amount) / subtotal));
  // The rounding remainder goes to the largest lines first, so the shares add up to exactly `off`.
  let remainder = off - shares.reduce((sum, share) => sum + share, 0);
  const order = amounts.map((amount, i) => ({ amount, i })).sort((a, b) => b.amount - a.amount);
  for (const { i } of order) {
    if (remainder <= 0) break;
    if ((shares[i] ?? 0) < (amounts[i] ?? 0)) {
      shares[i] = (shares[i] ?? 0) + 1;
      remainder--;
    }
  }
  return shares;
}

/**
 * Amounts as Checkout computes them: line = unit × quantity; tax per line and rate on (line − line discount),
 * rounded per line; exclusive rates add to the total, inclusive rates are carved out of it.
 */
export function priceLines(lines: PricingLine[], coupon: CouponObject | null): Pricing {
  const lineDiscounts = discounts(
    lines.map((line) => line.amount),
    coupon,
  );
  const priced = lines.map((line, i): PricedLine => {
    const discount = lineDiscounts[i] ?? 0;
    const base = line.amount - discount;
    const inclusivePercent = line.taxRates.filter((r) => r.inclusive).reduce((sum, r) => sum + r.percentage, 0);
    const taxes = line.taxRates.map((rate): LineTax => {
      if (!rate.inclusive) return { rate, amount: Math.round((base * rate.percentage) / 100), taxableAmount: base };
      const amount = Math.round((base * rate.percentage) / (100 + inclusivePercent));
      return { rate, amount, taxableAmount: base - Math.round((base * inclusivePercent) / (100 + inclusivePercent)) };
    });
    const exclusive = taxes.filter((t) => !t.rate.inclusive).reduce((sum, t) => sum + t.amount, 0);
    const tax = taxes.reduce((sum, t) => sum + t.amount, 0);
    return { amount: line.amount, discount, taxes, tax, total: base + exclusive };
  });
  const sum = (pick: (line: PricedLine) => number) => priced.reduce((total, line) => total + pick(line), 0);
  const inclusiveTax = priced.reduce(
    (total, line) => total + line.taxes.filter((t) => t.rate.inclusive).reduce((s, t) => s + t.amount, 0),
    0,
  );
  return {
    lines: priced,
    subtotal: sum((l) => l.amount),
    discount: sum((l) => l.discount),
    tax: sum((l) => l.tax),
    inclusiveTax,
    total: sum((l) => l.total),
  };
}
