import Link from "next/link";
import { Check } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import {
  CGM_DEVICE_FEE_CENTS,
  formatPlanPrice,
  perMonthLabel,
  planPriceCents,
  type PlanDefinition,
} from "@/lib/plans";

type PlanCardProps = {
  plan: PlanDefinition;
  /** Marks the card as the one most people choose (SPEC: the Popular plan). */
  highlighted?: boolean;
};

export function PlanCard({ plan, highlighted = false }: PlanCardProps) {
  const titleId = `plan-${plan.type}-title`;
  const priceWithoutCgm = formatPlanPrice(planPriceCents(plan, false));
  const priceWithCgm = formatPlanPrice(planPriceCents(plan, true));

  return (
    <Card
      role="group"
      aria-labelledby={titleId}
      data-plan={plan.type}
      className={cn("relative flex flex-col", highlighted && "border-2 border-primary shadow-lg lg:-my-3")}
    >
      {highlighted ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">Most Popular</Badge>
      ) : null}
      <CardHeader className="pt-8">
        <CardTitle id={titleId} className="text-xl">
          {plan.name}
        </CardTitle>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-6">
        <div>
          <p className="flex items-baseline gap-2">
            <span className="text-4xl font-bold tracking-tight">{priceWithoutCgm}</span>
            <span className="text-muted-foreground">for {plan.billingLabel}</span>
          </p>
          <p className="mt-1 text-sm font-medium text-primary">{perMonthLabel(plan)}</p>
          <p className="mt-1 text-sm text-muted-foreground">Price without a CGM.</p>
        </div>
        <p className="rounded-lg bg-muted px-3 py-2 text-sm text-foreground">
          Need a CGM? Adding one adds the {formatPlanPrice(CGM_DEVICE_FEE_CENTS)} device fee:{" "}
          <strong className="font-semibold">{priceWithCgm}</strong> for {plan.billingLabel}.
        </p>
        <ul className="flex flex-col gap-2 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild className="w-full" variant={highlighted ? "default" : "outline"}>
          <Link href={`/user-info?plan=${plan.type}&cgm=false`}>Choose {plan.name}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
