"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { CohortPicker } from "@/components/enrolment/cohorts/cohort-picker";
import { useCohortsQuery } from "@/components/enrolment/cohorts/use-cohorts-query";
import { useEnrolmentDraft } from "@/components/enrolment/draft/use-enrolment-draft";
import { EnrolmentStepper } from "@/components/enrolment/enrolment-stepper";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { selectionProblem } from "@/lib/cohorts/cohort-picker-rules";
import { COHORT_NO_LONGER_AVAILABLE, COHORT_NOW_FULL } from "@/lib/enrolment/enrolment-messages";
import { paymentPath, userInfoPath, type PlanChoice } from "@/lib/enrolment/plan-choice";
import { completedUserInfo } from "@/lib/enrolment/user-info-rules";
import { claimInForce, heldForYouNotice } from "@/lib/waitlist/waitlist-schemas";
import { PaymentStep } from "./payment-step";

type PaymentFlowProps = { choice: PlanChoice; initialStep: "cohort" | "pay" };

const STEP_TITLES = { cohort: "Choose Cohort", pay: "Payment" } as const;

/**
 * /payment: step 2 (choose cohort) and step 3 (pay). The chosen cohort and coupon are kept in the
 * draft (D12); the step is mirrored in the URL so a reload stays on it.
 */
export function PaymentFlow({ choice, initialStep }: PaymentFlowProps) {
  const router = useRouter();
  const { draft, update } = useEnrolmentDraft();
  const cohorts = useCohortsQuery();
  const [now] = useState(() => new Date());
  const [step, setStep] = useState(initialStep);
  const [rejection, setRejection] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const userInfo = draft ? completedUserInfo(draft) : null;
  const missingUserInfo = draft !== null && userInfo === null;

  useEffect(() => {
    if (missingUserInfo) router.replace(userInfoPath(choice));
  }, [missingUserInfo, router, choice]);

  // D17: a place held for this visitor (the waitlist offer they came to claim) is theirs to choose.
  const claim = claimInForce(draft?.waitlistClaim, draft?.waitlistClaim?.cohortId ?? null, now) ? draft?.waitlistClaim : undefined;
  // D17: a waitlist offer fixes the cohort, so its claimer goes straight on to pay; Back still
  // leads to the cohorts, to let the held place go for another.
  const [cohortStepAsked, setCohortStepAsked] = useState(false);
  const claimFixesCohort = Boolean(claim && draft?.cohortId === claim.cohortId);
  const shownStep = step === "cohort" && claimFixesCohort && !cohortStepAsked ? "pay" : step;
  useEffect(() => {
    if (shownStep !== step) window.history.replaceState(window.history.state, "", paymentPath(choice, shownStep));
  }, [shownStep, step, choice]);

  // A cohort remembered from earlier that has since gone, started or filled up is let go.
  const found = draft?.cohortId && cohorts.data ? selectionProblem(draft.cohortId, cohorts.data, now) : null;
  const problem = found === "full" && claim?.cohortId === draft?.cohortId ? null : found;
  const selectedId = problem ? null : (draft?.cohortId ?? null);
  const selected = selectedId ? cohorts.data?.find((c) => c.id === selectedId) : undefined;
  const payingFor = shownStep === "pay" ? selectedId : null;
  const current = payingFor ? "pay" : "cohort";
  const notice = rejection ?? (problem === "full" ? COHORT_NOW_FULL : problem ? COHORT_NO_LONGER_AVAILABLE : null);

  function goTo(next: "cohort" | "pay") {
    setStep(next);
    if (next === "cohort") setCohortStepAsked(true);
    window.history.replaceState(window.history.state, "", paymentPath(choice, next));
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => heading.current?.focus());
  }

  function select(cohortId: string | null) {
    setRejection(null);
    update({ cohortId: cohortId ?? undefined });
  }

  if (!draft || !userInfo) return <PaymentFlowSkeleton />;

  return (
    <div className="flex flex-col gap-6">
      <EnrolmentStepper
        current={current === "pay" ? 3 : 2}
        targets={{ 1: { href: userInfoPath(choice) }, 2: { onSelect: () => goTo("cohort") } }}
      />
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none md:text-3xl">
        {STEP_TITLES[current]}
      </h1>
      {!payingFor ? (
        <>
          <div>
            <h2 className="text-lg font-semibold">Upcoming cohorts</h2>
            <p className="mt-1 text-muted-foreground">
              Pick the group you will do the 14-day bootcamp with. You can filter by the month it starts.
            </p>
          </div>
          {notice ? (
            <Alert variant="destructive">
              <AlertDescription>{notice}</AlertDescription>
            </Alert>
          ) : null}
          {claim ? (
            <Alert>
              <AlertDescription>{heldForYouNotice(claim)}</AlertDescription>
            </Alert>
          ) : null}
          <CohortPicker selectedId={selectedId} onSelect={select} now={now} heldForYouId={claim?.cohortId ?? null} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={() => router.push(userInfoPath(choice))}>
              <ArrowLeft aria-hidden="true" /> Back to Information
            </Button>
            <Button disabled={!selectedId} onClick={() => goTo("pay")}>
              Continue to Payment <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        </>
      ) : (
        <PaymentStep
          choice={choice}
          cohortId={payingFor}
          cohort={selected}
          canPay={Boolean(selected) || cohorts.isError}
          userInfo={userInfo}
          couponCode={draft.couponCode ?? ""}
          onCouponChange={(couponCode) => update({ couponCode })}
          onBack={() => goTo("cohort")}
          waitlistClaimToken={claim?.cohortId === payingFor ? claim.token : undefined}
          onCohortRejected={(message) => {
            update({ cohortId: undefined });
            setRejection(message);
            goTo("cohort");
          }}
          onClaimRejected={(message) => {
            update({ cohortId: undefined, waitlistClaim: undefined });
            setRejection(message);
            goTo("cohort");
          }}
        />
      )}
    </div>
  );
}

function PaymentFlowSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <span className="sr-only">Loading</span>
      <Skeleton className="h-10" />
      <Skeleton className="h-9 w-1/3" />
      <Skeleton className="h-64" />
    </div>
  );
}
