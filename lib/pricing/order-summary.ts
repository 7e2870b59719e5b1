import { formatPlanPrice, planPriceCents } from "./plans";
import { formatMoney } from "./money";
import { priceBreakdown } from "./pricing-rules";
import type { PlanChoice } from "../enrolment/plan-choice";

export type OrderSummary = {
  /** The plan's price as the pricing section shows it: "$149". */
  price: string;
  subtotal: string;
  tax: string;
  total: string;
  /** SPEC §2: 'Pay {total} with' the card payment provider's name. */
  payLabel: string;
};

/**
 * SPEC §2 order summary. Computed from the same price string the pricing section shows, through
 * the same tax rule the server charges (D1), so the button's total is what Stripe asks for.
 */
export function orderSummary({ plan, includeCgm }: PlanChoice): OrderSummary {
  const price = formatPlanPrice(planPriceCents(plan, includeCgm));
  const { subtotalCents, taxCents, totalCents } = priceBreakdown(price);
  const total = totalCents === null ? price : formatMoney(totalCents);
  return {
    price,
    subtotal: subtotalCents === null ? price : formatMoney(subtotalCents),
    tax: formatMoney(taxCents),
    total,
    payLabel: `Pay ${total} with Stripe`,
  };
}
