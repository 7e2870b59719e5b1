"use client";

import { useId, useState, useSyncExternalStore } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ArrowRight, CalendarClock, TicketX } from "lucide-react";
import { useTimeZone } from "@/components/hooks/use-time-zone";
import { readRecommendedPlan } from "@/components/pricing/stored-recommended-plan";
import { Button } from "@/components/ui/button";
import { cohortDateLabel } from "@/lib/cohorts/cohort-picker-rules";
import { PRICING_PATH, paymentPath, userInfoPath, type PlanChoice } from "@/lib/enrolment/plan-choice";
import { completedUserInfo } from "@/lib/enrolment/user-info-rules";
import { PLANS, formatPlanPrice, planPriceCents, type PlanType } from "@/lib/pricing/plans";
import { WAITLIST_CLAIM_CLAIMED, WAITLIST_CLAIM_LAPSED, formatOfferExpiry, type WaitlistOffer } from "@/lib/waitlist/waitlist-schemas";
import { onWindowEvent, windowEvents } from "@/components/window-events";
import { useEnrolmentDraft } from "../draft/use-enrolment-draft";

const REFUSED: Record<Exclude<WaitlistOffer["status"], "offered">, { title: string; text: string }> = {
  claimed: { title: "This place has been claimed", text: `${WAITLIST_CLAIM_CLAIMED} If it was you, your receipt is in your email.` },
  lapsed: { title: "This offer has lapsed", text: WAITLIST_CLAIM_LAPSED },
  closed: {
    title: "This cohort is no longer open",
    text: "It has started or was closed, so its places can no longer be taken. Please choose another cohort.",
  },
  invalid: {
    title: "This link is not valid",
    text: "Open the link exactly as it is in the email. If it still does not work, the offer may have passed on.",
  },
};

// SPEC §2: Popular unless the questionnaire recommended another plan, as on the pricing section.
const DEFAULT_PLAN: PlanType = "popular";
const onRecommendation = (change: () => void) => onWindowEvent(windowEvents.recommendedPlanChange, change);
const noRecommendationYet = () => null;

/**
 * D17: where a waitlist offer's email links. Reading it changes nothing. The offer fixes the cohort,
 * so with the clock running the claimer is asked only what is still missing: the plan is chosen
 * here (the questionnaire's recommendation preselected) instead of on the pricing page, and the
 * offer is kept in this tab's enrolment draft (D12). The answers of /user-info are asked next
 * unless this tab already holds them, in which case the claim goes straight to payment.
 */
export function WaitlistClaim({ token, offer }: { token: string; offer: WaitlistOffer }) {
  const router = useRouter();
  const { draft, update } = useEnrolmentDraft();
  const timeZone = useTimeZone();
  const id = useId();
  const recommended = useSyncExternalStore(onRecommendation, readRecommendedPlan, noRecommendationYet);
  const [picked, setPlanType] = useState<PlanType | null>(null);
  const planType = picked ?? recommended ?? DEFAULT_PLAN;
  const [includeCgm, setIncludeCgm] = useState(false);

  if (offer.status !== "offered" || !offer.cohortId || !offer.expiresAt) {
    const refused = REFUSED[offer.status === "offered" ? "invalid" : offer.status];
    return (
      <div role="status" className="flex flex-col items-center gap-4">
        <TicketX aria-hidden="true" className="size-12 text-destructive" />
        <h1 className="text-3xl font-bold">{refused.title}</h1>
        <p className="text-muted-foreground">{refused.text}</p>
        <Button asChild variant="outline">
          <Link href={PRICING_PATH}>See plans and cohorts</Link>
        </Button>
      </div>
    );
  }

  const { cohortId, expiresAt } = offer;
  const cohortName = offer.cohortName ?? "this cohort";
  const plan = PLANS.find((p) => p.type === planType) ?? PLANS[1]!;
  const choice: PlanChoice = { plan, includeCgm };
  const answered = draft !== null && completedUserInfo(draft) !== null;

  function claim() {
    update({ cohortId, waitlistClaim: { token, cohortId, cohortName, expiresAt } });
    router.push(answered ? paymentPath(choice, "pay") : userInfoPath(choice));
  }

  return (
    <div className="flex w-full flex-col items-center gap-6">
      <CalendarClock aria-hidden="true" className="size-12 text-primary" />
      <h1 className="text-3xl font-bold">A place is held for you</h1>
      <p className="text-muted-foreground">
        A place in <strong className="text-foreground">{cohortName}</strong> (
        {cohortDateLabel({ start_cohort_date: offer.startDate, end_cohort_date: offer.endDate })}) is yours until{" "}
        <strong className="text-foreground" data-testid="offer-expiry">
          {formatOfferExpiry(expiresAt, timeZone)}
        </strong>
        . Choose your plan, then pay to take it. After that it passes to the next person on the waitlist.
      </p>
      <fieldset className="grid w-full gap-2 text-left">
        <legend className="mb-2 font-semibold">Your plan</legend>
        {PLANS.map((p) => (
          <label
            key={p.type}
            className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/20 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <span className="flex items-center gap-3">
              <input
                type="radio"
                name={`${id}-plan`}
                value={p.type}
                checked={p.type === planType}
                onChange={() => setPlanType(p.type)}
                className="size-4 accent-primary"
              />
              <span className="font-medium">{p.name}</span>
            </span>
            <span className="text-sm text-muted-foreground">
              {formatPlanPrice(planPriceCents(p, includeCgm))} for {p.billingLabel}
            </span>
          </label>
        ))}
        <label className="mt-2 flex cursor-pointer items-center gap-3 text-sm">
          <input
            type="checkbox"
            checked={includeCgm}
            onChange={(event) => setIncludeCgm(event.target.checked)}
            className="size-4 accent-primary"
          />
          Include a CGM device (+$50)
        </label>
      </fieldset>
      <Button size="lg" onClick={claim} disabled={draft === null}>
        {answered ? `Pay for ${plan.name}` : `Continue with ${plan.name}`} <ArrowRight aria-hidden="true" />
      </Button>
    </div>
  );
}
