"use client";

import { useId, useState, type RefObject } from "react";
import { CalendarDays, Clock, LoaderCircle, Users } from "lucide-react";
import { useCohortsQuery } from "@/components/enrolment/cohorts/use-cohorts-query";
import { LoadError } from "@/components/errors/load-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { cn } from "@/lib/cn";
import { CHANGE_COHORT, CHOOSE_YOUR_COHORT, ENROL_ERROR_TITLE, NO_OTHER_COHORTS } from "@/lib/cohorts/cohort-messages";
import { cohortDateLabel, isCohortFull, isUpcomingCohort } from "@/lib/cohorts/cohort-picker-rules";
import { COHORT_CHANGE_CLOSED_MESSAGE } from "@/lib/cohorts/cohort-change-rules";
import { COHORTS_LOAD_FAILED } from "@/lib/enrolment/enrolment-messages";
import { weeksLabel } from "@/lib/cohorts/cohort-card-rules";
import type { ChangeCohortMode } from "./change-cohort-dialog";
import { useEnrol } from "./use-enrol";

type CohortChoiceDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: ChangeCohortMode;
  currentCohortId: string | null;
  /** The button that opened the dialog: focus goes back to it on close. */
  opener: RefObject<HTMLElement | null>;
};

const COPY = {
  change: {
    title: CHANGE_COHORT,
    description: `Pick another upcoming cohort. ${COHORT_CHANGE_CLOSED_MESSAGE}`,
    confirm: "Move to this cohort",
  },
  join: {
    title: CHOOSE_YOUR_COHORT,
    description: "Pick the upcoming cohort you want to join.",
    confirm: "Join this cohort",
  },
} as const;

/** SPEC §4: choose an upcoming cohort (full ones cannot be chosen) and take or move the seat. */
export function CohortChoiceDialog({ open, onOpenChange, mode, currentCohortId, opener }: CohortChoiceDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{COPY[mode].title}</DialogTitle>
          <DialogDescription>{COPY[mode].description}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: the list loads on opening and the choice starts empty each time. */}
        <CohortChoice mode={mode} currentCohortId={currentCohortId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CohortChoice({ mode, currentCohortId, onDone }: { mode: ChangeCohortMode; currentCohortId: string | null; onDone: () => void }) {
  const cohorts = useCohortsQuery();
  const enrol = useEnrol();
  const [now] = useState(() => new Date());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();

  const choices = (cohorts.data ?? []).filter((c) => c.id !== currentCohortId && isUpcomingCohort(c, now));
  const selected = choices.find((c) => c.id === selectedId && !isCohortFull(c)) ?? null;

  function confirm() {
    if (!selected || enrol.busy) return;
    setProblem(null);
    void enrol.enrol(selected.id).then((outcome) => {
      if (outcome.ok) {
        toast.success(outcome.data.message);
        onDone();
        return;
      }
      // 409 full, 403 change window closed, 422 started: the server's words, and the dialog stays.
      if (outcome.error instanceof Error) {
        setProblem(outcome.error.message);
        toast.error(ENROL_ERROR_TITLE, { description: outcome.error.message });
      }
    });
  }

  return (
    <>
      {cohorts.isPending ? (
        <div aria-busy="true" className="grid gap-3">
          <span className="sr-only">Loading cohorts</span>
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : cohorts.isError ? (
        <LoadError message={COHORTS_LOAD_FAILED} onRetry={() => void cohorts.refetch()} />
      ) : choices.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{NO_OTHER_COHORTS}</p>
      ) : (
        <fieldset aria-describedby={problem ? errorId : undefined} className="grid gap-3">
          <legend className="sr-only">Upcoming cohorts</legend>
          {choices.map((cohort) => {
            const full = isCohortFull(cohort);
            return (
              <label
                key={cohort.id}
                data-cohort-id={cohort.id}
                className={cn(
                  "flex gap-3 rounded-lg border p-4 text-sm transition-colors",
                  full ? "cursor-not-allowed bg-muted/50 text-muted-foreground" : "cursor-pointer hover:bg-accent/40",
                  "has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/20",
                  "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                )}
              >
                <input
                  type="radio"
                  name="cohort"
                  value={cohort.id}
                  checked={selectedId === cohort.id}
                  disabled={full || enrol.busy}
                  onChange={() => {
                    setSelectedId(cohort.id);
                    setProblem(null);
                  }}
                  className="mt-1 size-4 shrink-0 accent-primary focus-visible:outline-hidden"
                />
                <span className="grid min-w-0 flex-1 gap-1.5">
                  <span className="flex items-start justify-between gap-2">
                    <span className="font-semibold text-foreground">{cohort.cohort_name}</span>
                    {full ? <Badge variant="destructive">Full</Badge> : null}
                  </span>
                  <span className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
                    <span className="inline-flex items-center gap-1.5">
                      <CalendarDays aria-hidden="true" className="size-4" />
                      {cohortDateLabel(cohort)}
                    </span>
                    <span className="inline-flex items-center gap-1.5">
                      <Clock aria-hidden="true" className="size-4" />
                      {weeksLabel(cohort.duration_days)}
                    </span>
                    <span className="inline-flex items-center gap-1.5">
                      <Users aria-hidden="true" className="size-4" />
                      {cohort.prospective_participant_count} / {cohort.participant_cap} participants
                    </span>
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      {problem ? (
        <Alert id={errorId} variant="destructive">
          <AlertDescription>
            <p>{problem}</p>
          </AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="button" disabled={!selected || enrol.busy} aria-busy={enrol.busy || undefined} onClick={confirm}>
          {enrol.busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {COPY[mode].confirm}
        </Button>
      </DialogFooter>
    </>
  );
}
