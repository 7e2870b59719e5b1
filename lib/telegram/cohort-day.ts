import { cohortPhase, type CohortDates } from "@/lib/cohorts/cohort-phase";
import { formatCohortDate } from "@/lib/cohorts/cohort-picker-rules";
import { canonicalTimeZone, UTC_FALLBACK_NOTE } from "@/lib/time-zone/time-zone";

// SPEC §9: the bootcamp lasts 14 days (7+7): days 1–7 observe, days 8–14 experiment.
export const BOOTCAMP_DAYS = 14;
export const OBSERVE_DAYS = 7;
// One plan per day: the first week learns the baseline, the second tests one change at a time.
const DAY_PLANS: readonly string[] = [
  "Put on your CGM, eat as you always do and log every meal with a photo.",
  "Keep eating as usual. Note when you feel hungry, sleepy or energetic.",
  "Log your breakfast carefully: it shapes the rest of the day's curve.",
  "Notice your biggest spike so far and write down what you ate before it.",
  "Log your sleep and how you felt on waking next to this morning's fasting glucose.",
  "Eat one favourite meal and see what it really does to your curve.",
  "Review your week with your coach: your baseline, your spikes and your steady meals.",
  "Experiment: start lunch with vegetables or protein before the carbs.",
  "Experiment: take a 10-minute walk right after your largest meal.",
  "Experiment: swap a sweet breakfast for a savoury one and compare.",
  "Experiment: add fibre, fat or protein to your usual snack.",
  "Experiment: eat dinner an hour earlier than usual.",
  "Experiment: repeat the change that flattened your curve most and check it holds.",
  "Review both weeks with your coach and pick the habits you will keep.",
];

/** The plan for a bootcamp day (1–14). */
export function dayPlan(day: number): string {
  return DAY_PLANS[Math.min(Math.max(Math.trunc(day), 1), BOOTCAMP_DAYS) - 1] ?? "";
}

/**
 * The bot's answer to /today, counted by the same function as the dashboard's card
 * (lib/cohorts/cohort-phase.ts) from the member's calendar date in their stored `timeZone` (D19).
 * Without a stored zone (or one this runtime no longer knows) it counts in UTC and says so.
 */
export function todayMessage(cohort: CohortDates & { cohort_name: string }, now: Date, timeZone: string | null): string {
  const zone = timeZone ? canonicalTimeZone(timeZone) : null;
  const told = phaseMessage(cohort, now, zone ?? "UTC");
  return zone ? told : `${told}\n${UTC_FALLBACK_NOTE}`;
}

function phaseMessage(cohort: CohortDates & { cohort_name: string }, now: Date, timeZone: string): string {
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
      return `${name}: day ${phase.day} of ${phase.totalDays}, ${week}.\nToday's plan: ${dayPlan(phase.day)}`;
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
