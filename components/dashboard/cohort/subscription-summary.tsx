"use client";

import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { SUBSCRIPTION_LOAD_FAILED } from "@/lib/cohorts/cohort-messages";
import { subscriptionDisplay, type SubscriptionTone } from "@/lib/payments/subscription-display";
import { useSubscriptionQuery } from "./use-subscription-query";

const BADGE_VARIANT = { success: "success", info: "secondary", warning: "warning", muted: "outline" } as const satisfies Record<
  SubscriptionTone,
  string
>;

/** SPEC §4 Subscription display, in one line at the foot of the cohort card. */
export function SubscriptionSummary() {
  const query = useSubscriptionQuery();

  if (query.isPending) {
    return (
      <div aria-busy="true" className="flex items-center gap-2">
        <span className="sr-only">Loading your subscription</span>
        <Skeleton className="h-5 w-48" />
      </div>
    );
  }
  if (query.isError) return <p className="text-sm text-muted-foreground">{SUBSCRIPTION_LOAD_FAILED}</p>;

  // Days are counted from when the answer arrived, so a re-render does not change them.
  const display = subscriptionDisplay(query.data, new Date(query.dataUpdatedAt));
  return (
    <p data-testid="subscription-status" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="text-muted-foreground">Subscription:</span>
      <Badge variant={BADGE_VARIANT[display.tone]}>{display.label}</Badge>
      {display.planName ? <span className="font-medium">{display.planName}</span> : null}
      {display.detail ? <span className="text-muted-foreground">{display.detail}</span> : null}
    </p>
  );
}
