"use client";

import { ChevronDown } from "lucide-react";
import { useMinuteClock } from "@/components/hooks/use-minute-clock";
import { Badge } from "@/components/ui/badge";
import { COHORT_HISTORY, MOVED_OUT } from "@/lib/cohorts/cohort-messages";
import { COHORT_STATUS_LABEL } from "@/lib/cohorts/cohort-card-rules";
import { cohortPhase } from "@/lib/cohorts/cohort-phase";
import { cohortDateLabel } from "@/lib/cohorts/cohort-picker-rules";
import { useCohortHistoryQuery } from "./use-cohort-history-query";
import { useMemberTimeZone } from "../time-zone/use-member-time-zone";

/**
 * The cohorts the member has been in, collapsed under the card. Shown once there is more than one
 * (a single entry is the card itself); while it loads or if it fails the card stands alone. Each
 * status is told from the cohort's dates, as on the card.
 */
export function CohortHistory() {
  const query = useCohortHistoryQuery();
  const now = useMinuteClock();
  const timeZone = useMemberTimeZone();
  const entries = query.data ?? [];
  if (entries.length <= 1) return null;

  return (
    <details className="group rounded-lg border bg-muted/30">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-4 py-3 text-sm font-medium focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        {COHORT_HISTORY} ({entries.length})
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ol aria-label={COHORT_HISTORY} className="grid gap-2 px-4 pb-4">
        {entries.map((entry) => (
          <li
            key={`${entry.cohort.id}-${entry.enrolled_at ?? ""}`}
            className="flex flex-col gap-1 rounded-md bg-card px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium">{entry.cohort.cohort_name}</p>
              <p className="text-muted-foreground">{cohortDateLabel(entry.cohort)}</p>
            </div>
            {entry.status === "released" ? (
              <Badge variant="outline">{MOVED_OUT}</Badge>
            ) : (
              <Badge variant="secondary">{COHORT_STATUS_LABEL[cohortPhase(entry.cohort, now, timeZone).status]}</Badge>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
