import { CalendarDays, Clock, Users } from "lucide-react";
import { badgeVariants } from "@/components/ui/badge-variants";
import { cn } from "@/lib/cn";
import type { Cohort } from "@/lib/cohorts/cohort-schemas";
import { barColour, cohortDateLabel, durationLabel, fillPercent, heldPlacesNote, isCohortFull } from "@/lib/cohorts/cohort-picker-rules";
import { WaitlistJoinForm } from "../waitlist/waitlist-join-form";

const BAR_CLASS = { green: "bg-success", yellow: "bg-warning", red: "bg-destructive" } as const;

type CohortCardProps = {
  cohort: Cohort;
  selected: boolean;
  /** Called with the cohort's id to select it, or null to deselect it (a second click). */
  onSelect: (cohortId: string | null) => void;
  /** D17: a place here is held for this visitor (their waitlist offer): full to others, not to them. */
  heldForYou?: boolean;
};

/**
 * SPEC §2 cohort card. Like a plan card, a click anywhere on it selects it and its toggle button
 * (aria-pressed) is the keyboard's way in; a full cohort cannot be selected: its waitlist can be
 * joined instead (D17), unless a place in it is held for this visitor.
 */
export function CohortCard({ cohort, selected, onSelect, heldForYou = false }: CohortCardProps) {
  const full = isCohortFull(cohort) && !heldForYou;
  const percent = fillPercent(cohort);
  const colour = barColour(percent);
  const heldNote = heldForYou ? "A place here is held for you." : heldPlacesNote(cohort);
  const titleId = `cohort-${cohort.id}-title`;
  const toggle = () => {
    if (!full) onSelect(selected ? null : cohort.id);
  };

  return (
    <li
      data-cohort-id={cohort.id}
      data-selected={selected}
      data-full={full}
      onClick={toggle}
      className={cn(
        "flex flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-shadow",
        full ? "cursor-not-allowed bg-muted/40" : "cursor-pointer hover:shadow-md",
        selected && "border-2 border-primary shadow-md ring-4 ring-primary/15",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="text-base font-semibold leading-snug">
          {cohort.cohort_name}
        </h3>
        {heldForYou ? <span className={badgeVariants({ variant: "success" })}>Held for you</span> : null}
        {full ? <span className={badgeVariants({ variant: "destructive" })}>Full</span> : null}
      </div>
      {cohort.cohort_description ? <p className="text-sm text-muted-foreground">{cohort.cohort_description}</p> : null}
      <ul className="flex flex-col gap-1.5 text-sm">
        <li className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-4 text-primary" />
          {durationLabel(cohort.duration_days)}
        </li>
        <li className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 text-primary" />
          {cohortDateLabel(cohort)}
        </li>
        <li className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-4 text-primary" />
          <span>
            <span data-testid="cohort-participants">
              {cohort.prospective_participant_count} / {cohort.participant_cap}
            </span>{" "}
            participants
          </span>
        </li>
      </ul>
      {heldNote ? (
        <p data-testid="cohort-held-note" className="text-xs text-muted-foreground">
          {heldNote}
        </p>
      ) : null}
      <div
        role="progressbar"
        aria-label={`${cohort.cohort_name}: places taken`}
        aria-valuemin={0}
        aria-valuemax={cohort.participant_cap}
        aria-valuenow={Math.min(cohort.prospective_participant_count, cohort.participant_cap)}
        data-bar-colour={colour}
        className="h-2 w-full overflow-hidden rounded-full bg-secondary"
      >
        <div className={cn("h-full rounded-full", BAR_CLASS[colour])} style={{ width: `${percent}%` }} />
      </div>
      <button
        type="button"
        aria-pressed={full ? undefined : selected}
        aria-disabled={full ? true : undefined}
        onClick={(event) => {
          event.stopPropagation();
          toggle();
        }}
        className={cn(
          "mt-auto h-10 w-full rounded-md border text-sm font-medium transition-colors",
          "focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
          full && "cursor-not-allowed border-border bg-muted text-muted-foreground",
          !full && (selected ? "border-primary bg-primary text-primary-foreground" : "border-input bg-background hover:bg-accent"),
        )}
      >
        {full ? "Full " : selected ? "Selected " : "Select "}
        <span className="sr-only">{full ? `– ${cohort.cohort_name}` : cohort.cohort_name}</span>
      </button>
      {full ? <WaitlistJoinForm cohortId={cohort.id} cohortName={cohort.cohort_name} /> : null}
    </li>
  );
}
