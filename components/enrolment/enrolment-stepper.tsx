import Link from "next/link";
import { Check } from "lucide-react";
import { cn } from "@/lib/cn";

// SPEC §2 Enrolment stepper: 1 Your Information, 2 Choose Cohort, 3 Payment.
export const ENROLMENT_STEPS = ["Your Information", "Choose Cohort", "Payment"] as const;

export type StepNumber = 1 | 2 | 3;

/** How to go back to a completed step: a link to another page, or an action on this one. */
export type StepTarget = { href: string } | { onSelect: () => void };

type EnrolmentStepperProps = {
  current: StepNumber;
  /** Targets of the completed steps (those before `current`). */
  targets?: Partial<Record<StepNumber, StepTarget>>;
};

const markerBase = "flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold";
const stepBase = "flex items-center gap-2 rounded-md px-1 py-1 text-left text-sm";
const focusable =
  "transition-colors hover:text-primary focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";

/** Completed steps are links or buttons, the current one is marked, future ones are plain text. */
export function EnrolmentStepper({ current, targets = {} }: EnrolmentStepperProps) {
  return (
    <nav aria-label="Enrolment steps">
      <ol className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-2">
        {ENROLMENT_STEPS.map((label, index) => {
          const number = (index + 1) as StepNumber;
          const state = number < current ? "complete" : number === current ? "current" : "upcoming";
          const marker = (
            <span
              aria-hidden="true"
              className={cn(
                markerBase,
                state === "complete" && "border-primary bg-primary text-primary-foreground",
                state === "current" && "border-primary text-primary",
                state === "upcoming" && "border-border text-muted-foreground",
              )}
            >
              {state === "complete" ? <Check className="size-4" /> : number}
            </span>
          );
          const text = (
            <span className={cn("font-medium", state === "upcoming" && "text-muted-foreground")}>
              <span className="sr-only">Step {number}: </span>
              {label}
              {state === "complete" ? <span className="sr-only"> (completed)</span> : null}
            </span>
          );
          const target = state === "complete" ? targets[number] : undefined;
          let step: React.ReactNode;
          if (target && "href" in target) {
            step = (
              <Link href={target.href} className={cn(stepBase, focusable)}>
                {marker}
                {text}
              </Link>
            );
          } else if (target) {
            step = (
              <button type="button" onClick={target.onSelect} className={cn(stepBase, focusable)}>
                {marker}
                {text}
              </button>
            );
          } else {
            step = (
              <span aria-current={state === "current" ? "step" : undefined} className={stepBase}>
                {marker}
                {text}
              </span>
            );
          }
          return (
            <li key={label} className="flex items-center gap-2 sm:flex-1">
              {step}
              {index < ENROLMENT_STEPS.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={cn("hidden h-0.5 flex-1 rounded sm:block", number < current ? "bg-primary" : "bg-border")}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
