import { CalendarDays } from "lucide-react";
import { badgeVariants } from "@/components/ui/badge-variants";
import { Skeleton } from "@/components/ui/skeleton";
import type { Cohort } from "@/lib/cohorts/cohort-schemas";
import { cohortDateLabel } from "@/lib/cohorts/cohort-picker-rules";
import { orderSummary } from "@/lib/pricing/order-summary";
import type { PlanChoice } from "@/lib/enrolment/plan-choice";
import { CheckList } from "@/components/ui/check-list";

type OrderSummaryCardProps = {
  choice: PlanChoice;
  /** The chosen cohort; undefined while the cohort list is loading. */
  cohort: Cohort | undefined;
};

/** SPEC §2 payment step order summary, with the chosen cohort. */
export function OrderSummaryCard({ choice, cohort }: OrderSummaryCardProps) {
  const { plan, includeCgm } = choice;
  const summary = orderSummary(choice);
  const rows = [
    ["Price", summary.price],
    ["Subtotal", summary.subtotal],
    ["Tax (8%)", summary.tax],
  ] as const;

  return (
    <section
      aria-labelledby="order-summary-title"
      className="flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <h2 id="order-summary-title" className="text-lg font-semibold">
        Order summary
      </h2>
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-base font-semibold" data-testid="order-plan-name">
            {plan.name} plan
          </p>
          <span className={badgeVariants()}>{plan.name}</span>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
        <p className="mt-1 text-sm text-muted-foreground">Billed {plan.renewalLabel}.</p>
        {includeCgm ? <p className="mt-2 text-sm font-medium text-primary">CGM devices included</p> : null}
      </div>
      <dl className="flex flex-col gap-2 border-t pt-4 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="order-total">{summary.total}</dd>
        </div>
      </dl>
      <div className="border-t pt-4">
        <h3 className="text-sm font-semibold">What is included</h3>
        <CheckList items={plan.features} className="mt-2 gap-1.5" />
      </div>
      <div className="border-t pt-4">
        <h3 className="text-sm font-semibold">Your cohort</h3>
        {cohort ? (
          <div className="mt-2 text-sm">
            <p className="font-medium" data-testid="order-cohort-name">
              {cohort.cohort_name}
            </p>
            <p className="mt-1 flex items-center gap-2 text-muted-foreground">
              <CalendarDays aria-hidden="true" className="size-4" />
              {cohortDateLabel(cohort)}
            </p>
          </div>
        ) : (
          <div aria-busy="true" className="mt-2 flex flex-col gap-2">
            <span className="sr-only">Loading your cohort</span>
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        )}
      </div>
    </section>
  );
}
