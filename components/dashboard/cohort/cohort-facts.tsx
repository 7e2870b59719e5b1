import { CalendarDays, Clock, Users } from "lucide-react";
import { Progress } from "@/components/ui/progress";
import { barColour, placesTakenPercent } from "@/lib/cohorts/cohort-picker-rules";

const BAR_CLASS = { green: "bg-success", yellow: "bg-warning", red: "bg-destructive" } as const;

type CohortFactsProps = {
  /** The dates line; none on the placeholder card. */
  dates: string | null;
  weeks: string;
  participantCount: number;
  participantCap: number;
};

/** Dates, duration in weeks and places taken, with a bar coloured as in the picker (SPEC §2). */
export function CohortFacts({ dates, weeks, participantCount, participantCap }: CohortFactsProps) {
  const colour = barColour(placesTakenPercent(participantCount, participantCap));
  return (
    <div className="grid gap-3">
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {dates ? (
          <div className="flex items-center gap-2">
            <dt className="flex shrink-0">
              <CalendarDays aria-hidden="true" className="size-4 text-primary" />
              <span className="sr-only">Dates</span>
            </dt>
            <dd data-testid="current-cohort-dates">{dates}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-2">
          <dt className="flex shrink-0">
            <Clock aria-hidden="true" className="size-4 text-primary" />
            <span className="sr-only">Duration</span>
          </dt>
          <dd data-testid="current-cohort-duration">{weeks}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="flex shrink-0">
            <Users aria-hidden="true" className="size-4 text-primary" />
            <span className="sr-only">Participants</span>
          </dt>
          <dd>
            <span data-testid="current-cohort-participants">
              {participantCount} / {participantCap}
            </span>{" "}
            participants
          </dd>
        </div>
      </dl>
      <Progress
        aria-label="Participants"
        value={participantCount}
        max={participantCap}
        getValueLabel={(value, max) => `${value} of ${max} places taken`}
        data-bar-colour={colour}
        indicatorClassName={BAR_CLASS[colour]}
      />
    </div>
  );
}
