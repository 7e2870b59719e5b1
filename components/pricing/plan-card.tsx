import { clsx } from "clsx";
import { badgeVariants } from "@/components/ui/badge-variants";
import { CGM_DEVICE_FEE_CENTS, formatPlanPrice, perMonthLabel, planPriceCents, type PlanDefinition } from "@/lib/pricing/plans";
import { CheckList } from "@/components/ui/check-list";

type PlanCardProps = {
  plan: PlanDefinition;
  includeCgm: boolean;
  selected: boolean;
  recommended: boolean;
  onSelect: () => void;
};

/** One plan: price with or without the CGM, what it includes, and a button that selects it. */
export function PlanCard({ plan, includeCgm, selected, recommended, onSelect }: PlanCardProps) {
  const titleId = `plan-${plan.type}-title`;
  const popular = plan.type === "popular";

  return (
    <div
      role="group"
      aria-labelledby={titleId}
      data-plan={plan.type}
      data-selected={selected}
      onClick={onSelect}
      className={clsx(
        "relative flex cursor-pointer flex-col rounded-xl border bg-card p-6 pt-8 text-card-foreground shadow-sm transition-shadow hover:shadow-md",
        selected && "border-2 border-primary shadow-lg ring-4 ring-primary/15",
      )}
    >
      <div className="absolute -top-3 left-1/2 flex -translate-x-1/2 gap-2 whitespace-nowrap">
        {popular ? <span className={badgeVariants()}>Most Popular</span> : null}
        {recommended ? <span className={badgeVariants({ variant: "warning" })}>Recommended for you</span> : null}
      </div>
      <h3 id={titleId} className="text-xl font-semibold">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="text-4xl font-bold tracking-tight" data-testid="plan-price">
          {formatPlanPrice(planPriceCents(plan, includeCgm))}
        </span>
        <span className="text-muted-foreground">for {plan.billingLabel}</span>
      </p>
      <p className="mt-1 text-sm font-medium text-primary">
        {includeCgm ? `Includes the ${formatPlanPrice(CGM_DEVICE_FEE_CENTS)} CGM device fee` : perMonthLabel(plan)}
      </p>
      <CheckList items={plan.features} className="mt-6 flex-1 gap-2" />
      <button
        type="button"
        aria-pressed={selected}
        onClick={(event) => {
          event.stopPropagation();
          onSelect();
        }}
        className={clsx(
          "mt-6 h-10 w-full rounded-md border text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2",
          selected ? "border-primary bg-primary text-primary-foreground" : "border-input bg-background hover:bg-accent",
        )}
      >
        {selected ? `Selected Plan: ${plan.name}` : `Select ${plan.name}`}
      </button>
    </div>
  );
}
