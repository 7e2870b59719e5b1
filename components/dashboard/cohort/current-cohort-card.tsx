"use client";

import { useState } from "react";
import { IntentLink } from "@/components/layout/intent-link";
import { ArrowRight } from "lucide-react";
import { LoadError } from "@/components/errors/load-error";
import { useMinuteClock } from "@/components/hooks/use-minute-clock";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import { COHORT_STATUS_LABEL, EMPTY_COHORT_CARD, cohortStatusLine, weeksLabel } from "@/lib/cohorts/cohort-card-rules";
import { cohortPhase, cohortPhaseNote } from "@/lib/cohorts/cohort-phase";
import {
  CHANGE_COHORT,
  CHOOSE_A_PLAN,
  CHOOSE_YOUR_COHORT,
  COHORT_CARD_LOAD_FAILED,
  COHORT_CARD_TITLE,
  NO_COHORT_TEXT,
  PAID_WITHOUT_SEAT_TEXT,
} from "@/lib/cohorts/cohort-messages";
import type { Cohort } from "@/lib/cohorts/cohort-schemas";
import { cohortDateLabel } from "@/lib/cohorts/cohort-picker-rules";
import { ChangeCohortDialog } from "./change-cohort-dialog";
import { CohortFacts } from "./cohort-facts";
import { CohortHistory } from "./cohort-history";
import { SubscriptionSummary } from "./subscription-summary";
import { useCurrentCohortQuery, type CurrentCohort } from "./use-current-cohort-query";
import { useSubscriptionQuery } from "./use-subscription-query";
import { useMemberTimeZone } from "../time-zone/use-member-time-zone";

const TITLE_ID = "current-cohort-title";

const STATUS_BADGE = { upcoming: "secondary", active: "success", postcohort: "warning", completed: "outline" } as const satisfies Record<
  Cohort["status"],
  string
>;

/**
 * SPEC §2 Dashboard cohort card and §4 Cohort status: the member's cohort, or the placeholder. The
 * status is told from the cohort's dates on the member's calendar date at this minute, in the time
 * zone stored on their account as the coach bot counts (D19; cohorts.status may lag behind), and
 * moves on by itself while the page is open.
 */
export function CurrentCohortCard() {
  const query = useCurrentCohortQuery();
  const now = useMinuteClock();
  const timeZone = useMemberTimeZone();
  const phase = query.data ? cohortPhase(query.data.cohort, now, timeZone) : null;
  const status = phase?.status;
  const note = phase ? cohortPhaseNote(phase) : null;

  return (
    <section
      aria-labelledby={TITLE_ID}
      aria-busy={query.isPending || undefined}
      className="flex flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={TITLE_ID} className="text-lg font-semibold leading-tight tracking-tight">
          {COHORT_CARD_TITLE}
        </h2>
        {status ? (
          <div className="flex flex-col items-end gap-1 text-right">
            <Badge data-testid="current-cohort-status" variant={STATUS_BADGE[status]}>
              {COHORT_STATUS_LABEL[status]}
            </Badge>
            {note ? (
              <span data-testid="current-cohort-day" className="text-sm font-medium text-muted-foreground">
                {note}
              </span>
            ) : null}
          </div>
        ) : null}
      </div>
      {query.isPending ? (
        <CohortCardSkeleton />
      ) : query.isError ? (
        <LoadError message={COHORT_CARD_LOAD_FAILED} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.data && status ? <CohortDetails current={query.data} status={status} timeZone={timeZone} /> : <NoCohort />}
          <Separator />
          <SubscriptionSummary />
        </>
      )}
    </section>
  );
}

function CohortDetails({ current, status, timeZone }: { current: CurrentCohort; status: Cohort["status"]; timeZone: string }) {
  const [changing, setChanging] = useState(false);
  const { cohort } = current;
  // A seat can be moved only before the start (the server says until when).
  const canChange = current.can_change && status === "upcoming";

  return (
    <>
      <div className="grid gap-1">
        <p data-testid="current-cohort-name" className="text-xl font-semibold leading-snug">
          {cohort.cohort_name}
        </p>
        {cohort.cohort_description ? <p className="text-sm text-muted-foreground">{cohort.cohort_description}</p> : null}
      </div>
      <CohortFacts
        dates={cohortDateLabel(cohort)}
        weeks={weeksLabel(cohort.duration_days)}
        participantCount={cohort.participant_count}
        participantCap={cohort.participant_cap}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p data-testid="current-cohort-message" className="text-sm">
          {cohortStatusLine({ ...current, cohort: { ...cohort, status } }, timeZone)}
        </p>
        {/* Kept while the dialog is open, even if the window closed meanwhile: focus returns to it. */}
        {canChange || changing ? (
          <ChangeCohortDialog open={changing} onOpenChange={setChanging} mode="change" currentCohortId={cohort.id}>
            <Button type="button" variant="outline" className="shrink-0">
              {CHANGE_COHORT}
            </Button>
          </ChangeCohortDialog>
        ) : null}
      </div>
      <CohortHistory />
    </>
  );
}

/**
 * SPEC §2: the placeholder card (0 / 20, '4 Weeks'). A member with a live subscription but no seat
 * (their hold lapsed, say) is offered the cohorts instead of plans.
 */
function NoCohort() {
  const [choosing, setChoosing] = useState(false);
  const subscription = useSubscriptionQuery();
  const paidWithoutSeat = subscription.data?.hasSubscription === true;

  return (
    <>
      <p className="text-xl font-semibold leading-snug text-muted-foreground">No cohort yet</p>
      <CohortFacts
        dates={null}
        weeks={weeksLabel(EMPTY_COHORT_CARD.durationDays)}
        participantCount={EMPTY_COHORT_CARD.participantCount}
        participantCap={EMPTY_COHORT_CARD.participantCap}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">{paidWithoutSeat ? PAID_WITHOUT_SEAT_TEXT : NO_COHORT_TEXT}</p>
        {paidWithoutSeat ? (
          <ChangeCohortDialog open={choosing} onOpenChange={setChoosing} mode="join" currentCohortId={null}>
            <Button type="button" className="shrink-0">
              {CHOOSE_YOUR_COHORT}
            </Button>
          </ChangeCohortDialog>
        ) : (
          <Button asChild variant="outline" className="shrink-0">
            <IntentLink href="/how-it-works#pricing">
              {CHOOSE_A_PLAN} <ArrowRight aria-hidden="true" />
            </IntentLink>
          </Button>
        )}
      </div>
    </>
  );
}

function CohortCardSkeleton() {
  return (
    <div className="grid gap-4">
      <span className="sr-only">Loading your cohort</span>
      <Skeleton className="h-7 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-2 w-full" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}
