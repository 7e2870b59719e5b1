// SPEC §9: the bootcamp lasts 14 days (7+7): days 1–7 observe, days 8–14 experiment.
export const BOOTCAMP_DAYS = 14;
export const OBSERVE_DAYS = 7;
const DAY_MS = 86_400_000;

export type CohortPhase = "observe" | "experiment";

export type CohortDay =
  | { kind: "not_started"; daysUntilStart: number }
  | { kind: "day"; day: number; phase: CohortPhase }
  | { kind: "finished" };

/** Where a member is in the bootcamp on `now`, counting the start day as day 1 (UTC calendar days). */
export function cohortDay(startsAt: Date, now: Date): CohortDay {
  const startDay = Math.floor(startsAt.getTime() / DAY_MS);
  const today = Math.floor(now.getTime() / DAY_MS);
  const day = today - startDay + 1;
  if (day < 1) return { kind: "not_started", daysUntilStart: 1 - day };
  if (day > BOOTCAMP_DAYS) return { kind: "finished" };
  return { kind: "day", day, phase: day <= OBSERVE_DAYS ? "observe" : "experiment" };
}

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

/** The bot's answer to /today for a member whose cohort starts at `startsAt` (null: no date yet). */
export function todayMessage(cohortName: string, startsAt: Date | null, now: Date): string {
  if (!startsAt) return `You are in ${cohortName}. Its start date has not been announced yet.`;
  const where = cohortDay(startsAt, now);
  if (where.kind === "not_started") {
    const days = where.daysUntilStart === 1 ? "1 day" : `${where.daysUntilStart} days`;
    return `You are in ${cohortName}. It starts in ${days}: get your CGM ready.`;
  }
  if (where.kind === "finished") return `You are in ${cohortName}. The ${BOOTCAMP_DAYS}-day bootcamp is over: well done!`;
  const phase = where.phase === "observe" ? "observe week (days 1–7)" : "experiment week (days 8–14)";
  return `${cohortName}: day ${where.day} of ${BOOTCAMP_DAYS}, ${phase}.\nToday's plan: ${dayPlan(where.day)}`;
}
