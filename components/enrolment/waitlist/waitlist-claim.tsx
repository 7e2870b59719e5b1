"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { CalendarClock, TicketX } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cohortDateLabel } from "@/lib/cohorts/cohort-picker-rules";
import { PRICING_PATH } from "@/lib/enrolment/plan-choice";
import { WAITLIST_CLAIM_CLAIMED, WAITLIST_CLAIM_LAPSED, formatOfferExpiry, type WaitlistOffer } from "@/lib/waitlist/waitlist-schemas";
import { useEnrolmentDraft } from "../draft/use-enrolment-draft";

const REFUSED: Record<Exclude<WaitlistOffer["status"], "offered">, { title: string; text: string }> = {
  claimed: { title: "This place has been claimed", text: `${WAITLIST_CLAIM_CLAIMED} If it was you, your receipt is in your email.` },
  lapsed: { title: "This offer has lapsed", text: WAITLIST_CLAIM_LAPSED },
  closed: { title: "This cohort is no longer open", text: "It has started or was closed, so its places can no longer be taken. Please choose another cohort." },
  invalid: { title: "This link is not valid", text: "Open the link exactly as it is in the email. If it still does not work, the offer may have passed on." },
};

/**
 * D17: where a waitlist offer's email links. Reading it changes nothing; "Choose my plan"
 * keeps the offer in this tab's enrolment draft (D12) and goes to the plans, and the payment step
 * then pays for the place held here.
 */
export function WaitlistClaim({ token, offer }: { token: string; offer: WaitlistOffer }) {
  const router = useRouter();
  const { update } = useEnrolmentDraft();

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
  function choosePlan() {
    update({ cohortId, waitlistClaim: { token, cohortId, cohortName, expiresAt } });
    router.push(PRICING_PATH);
  }

  return (
    <div className="flex flex-col items-center gap-4">
      <CalendarClock aria-hidden="true" className="size-12 text-primary" />
      <h1 className="text-3xl font-bold">A place is held for you</h1>
      <p className="text-muted-foreground">
        A place in <strong className="text-foreground">{cohortName}</strong> ({cohortDateLabel({ start_cohort_date: offer.startDate, end_cohort_date: offer.endDate })}) is
        yours until <strong className="text-foreground">{formatOfferExpiry(expiresAt)}</strong>. Choose your plan, then pay to take it. After that it passes to
        the next person on the waitlist.
      </p>
      <Button size="lg" onClick={choosePlan}>
        Choose my plan
      </Button>
    </div>
  );
}
