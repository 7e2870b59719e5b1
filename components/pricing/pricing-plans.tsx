"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { ArrowRight, ExternalLink } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { PLANS, formatPlanPrice, isPlanType, planPriceCents, type PlanType } from "@/lib/pricing/plans";
import { formatMoney } from "@/lib/pricing/money";
import { priceBreakdown } from "@/lib/pricing/pricing-rules";
import { publicEnv } from "@/lib/public-env";
import { PlanCard } from "./plan-card";
import { readRecommendedPlan } from "./stored-recommended-plan";
import { onWindowEvent, windowEvents } from "@/components/window-events";

// SPEC §2: the recommended plan is preselected, defaulting to Popular.
const DEFAULT_PLAN: PlanType = "popular";

/** The three plans, the CGM toggle and the way into enrolment with the choice in the URL (D12). */
export function PricingPlans() {
  const [recommended, setRecommended] = useState<PlanType | null>(null);
  const [selected, setSelected] = useState<PlanType>(DEFAULT_PLAN);
  const [includeCgm, setIncludeCgm] = useState(false);

  useEffect(() => {
    const apply = (plan: PlanType | null) => {
      setRecommended(plan);
      if (plan) setSelected(plan);
    };
    apply(readRecommendedPlan());
    const onChange = (event: Event) => {
      const plan = (event as CustomEvent<unknown>).detail;
      if (isPlanType(plan)) apply(plan);
    };
    return onWindowEvent(windowEvents.recommendedPlanChange, onChange);
  }, []);

  const plan = PLANS.find((p) => p.type === selected) ?? PLANS[1]!;
  const price = formatPlanPrice(planPriceCents(plan, includeCgm));
  const { totalCents } = priceBreakdown(price);

  return (
    <div className="mt-10">
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        <button
          type="button"
          role="switch"
          aria-checked={includeCgm}
          onClick={() => setIncludeCgm((value) => !value)}
          className="inline-flex items-center gap-3 rounded-full border bg-card px-4 py-2 text-sm font-medium shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          <span aria-hidden="true" className={`relative h-6 w-11 rounded-full transition-colors ${includeCgm ? "bg-primary" : "bg-input"}`}>
            <span
              className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform ${includeCgm ? "translate-x-5" : "translate-x-0.5"}`}
            />
          </span>
          Include a CGM device (+$50)
        </button>
        <a
          href={publicEnv.cgmMarketplaceUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Buy a CGM sensor separately <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
      <div className="mt-12 grid gap-8 md:mx-auto md:max-w-xl lg:max-w-none lg:grid-cols-3 lg:items-stretch lg:gap-6">
        {PLANS.map((p) => (
          <PlanCard
            key={p.type}
            plan={p}
            includeCgm={includeCgm}
            selected={p.type === selected}
            recommended={p.type === recommended}
            onSelect={() => setSelected(p.type)}
          />
        ))}
      </div>
      <div className="mt-10 flex flex-col items-center gap-3 rounded-xl border bg-card p-5 text-center shadow-sm sm:flex-row sm:justify-between sm:text-left">
        <p aria-live="polite">
          <span className="font-semibold">{plan.name}</span>, {price} for {plan.billingLabel}
          {includeCgm ? " with a CGM" : ""}.{" "}
          <span className="text-muted-foreground">Total with 8% tax: {totalCents === null ? price : formatMoney(totalCents)}</span>
        </p>
        <Link href={`/user-info?plan=${plan.type}&cgm=${includeCgm}`} className={buttonVariants({ size: "lg" })}>
          Continue with {plan.name} <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}
