import { cohortPhase, type CohortDates } from "@/lib/cohorts/cohort-phase";
import { formatCohortDate } from "@/lib/cohorts/cohort-picker-rules";
import { BOOTCAMP_DAYS, OBSERVE_DAYS } from "@/lib/cohorts/bootcamp-days";
import { dayPlanKey, defaultText, type ProgrammeTexts } from "@/lib/programme/programme-texts";
import { canonicalTimeZone, UTC_FALLBACK_NOTE } from "@/lib/time-zone/time-zone";

export { BOOTCAMP_DAYS, OBSERVE_DAYS };

/** The plan for a bootcamp day (1–14), as written by default (lib/programme/programme-texts.ts). */
export function dayPlan(day: number): string {
  return defaultText(dayPlanKey(day));
}

/**
 * The bot's answer to /today, counted by the same function as the dashboard's card
 * (lib/cohorts/cohort-phase.ts) from the member's calendar date in their stored `timeZone` (D19).
 * Without a stored zone (or one this runtime no longer knows) it counts in UTC and says so. The day's
 * plan is the one in `texts` (the operator's edits) when given, else the default.
 */
export function todayMessage(
  cohort: CohortDates & { cohort_name: string },
  now: Date,
  timeZone: string | null,
  texts?: ProgrammeTexts,
): string {
  const zone = timeZone ? canonicalTimeZone(timeZone) : null;
  const plan = (day: number) => (texts ? (texts[dayPlanKey(day)] ?? dayPlan(day)) : dayPlan(day));
  const told = phaseMessage(cohort, now, zone ?? "UTC", plan);
  return zone ? told : `${told}\n${UTC_FALLBACK_NOTE}`;
}

function phaseMessage(cohort: CohortDates & { cohort_name: string }, now: Date, timeZone: string, plan: (day: number) => string): string {
  const name = cohort.cohort_name;
  const phase = cohortPhase(cohort, now, timeZone);
  switch (phase.status) {
    case "upcoming": {
      if (phase.daysUntilStart === null) return `You are in ${name}. Its start date has not been announced yet.`;
      const days = phase.daysUntilStart <= 0 ? "today" : phase.daysUntilStart === 1 ? "in 1 day" : `in ${phase.daysUntilStart} days`;
      return `You are in ${name}. It starts ${days}: get your CGM ready.`;
    }
    case "active": {
      if (phase.day === null) return `You are in ${name}. The bootcamp is under way.`;
      const week = phase.day <= OBSERVE_DAYS ? "observe week (days 1–7)" : "experiment week (days 8–14)";
      return `${name}: day ${phase.day} of ${phase.totalDays}, ${week}.\nToday's plan: ${plan(phase.day)}`;
    }
    case "postcohort": {
      const until = formatCohortDate(phase.until);
      const over = `You are in ${name}. The ${BOOTCAMP_DAYS}-day bootcamp is over: well done!`;
      return until ? `${over} Post-cohort services are available until ${until}.` : over;
    }
    case "completed":
      return `You are in ${name}. The ${BOOTCAMP_DAYS}-day bootcamp is over: well done!`;
  }
}
