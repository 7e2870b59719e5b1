import Link from "next/link";
import { badgeVariants } from "@/components/ui/badge-variants";
import { PRICING_PATH, type PlanChoice } from "@/lib/enrolment/plan-choice";
import { formatPlanPrice, planPriceCents } from "@/lib/pricing/plans";

/** The plan chosen on the pricing section, its price with or without the CGM, and a way back. */
export function SelectedPlanSummary({ choice }: { choice: PlanChoice }) {
  const { plan, includeCgm } = choice;
  return (
    <section aria-labelledby="selected-plan-title" className="rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-sm text-muted-foreground">Your plan</p>
          <h2 id="selected-plan-title" className="text-lg font-semibold">
            {plan.name}
          </h2>
        </div>
        <span className={badgeVariants({ variant: "secondary" })}>{plan.billingLabel}</span>
      </div>
      <p className="mt-3 flex items-baseline gap-2">
        <span className="text-2xl font-bold tracking-tight" data-testid="selected-plan-price">
          {formatPlanPrice(planPriceCents(plan, includeCgm))}
        </span>
        <span className="text-sm text-muted-foreground">{includeCgm ? "with CGM devices" : "without CGM devices"}</span>
      </p>
      <p className="mt-1 text-sm text-muted-foreground">8% tax is added at checkout.</p>
      <Link href={PRICING_PATH} className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
        Change plan
      </Link>
    </section>
  );
}
