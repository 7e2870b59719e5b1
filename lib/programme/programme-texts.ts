// The programme's words (docs/programme.md): the fourteen day plans and every message the programme
// sends. Each has a default here; an operator's edit (a row of programme_texts) replaces it without
// a deploy. A text names what it is filled with in braces, {cohort} say; only the placeholders its
// key lists may be used, so an edit cannot ask for a value the sender does not have.

import { BOOTCAMP_DAYS } from "@/lib/cohorts/bootcamp-days";

export const PLACEHOLDERS = {
  name: "The member's first name, or “there”",
  cohort: "The cohort's name",
  start_date: "The first day, as the member's calendar reads it",
  morning_time: "The member's morning hour, such as 08:00",
  time_zone: "The member's time zone",
  day: "The day number, 1–14",
  total_days: "The number of days, 14",
  week: "“observe week (days 1–7)” or “experiment week (days 8–14)”",
  plan: "The day's plan",
  day_one_plan: "Day 1's plan",
  prepare_cgm: "The CGM step for the member's plan (ordering or fitting it)",
  dashboard_url: "The member's dashboard",
  review_url: "Where the member books or answers the review",
  story_url: "Where the member shares a story for the campaign",
  referral_url: "The member's referral link",
  settings_url: "Where the member changes the hour or the channel, or pauses",
} as const;

export type Placeholder = keyof typeof PLACEHOLDERS;
export type TextValues = Partial<Record<Placeholder, string>>;

type TextDefinition = { label: string; body: string; placeholders: readonly Placeholder[] };

// SPEC §9: the bootcamp lasts 14 days (7+7): days 1–7 observe, days 8–14 experiment.
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

/** The key of a day's plan: day-1 … day-14. */
export function dayPlanKey(day: number): `day-${number}` {
  return `day-${Math.min(Math.max(Math.trunc(day), 1), BOOTCAMP_DAYS)}`;
}

const dayPlanTexts = Object.fromEntries(
  DAY_PLANS.map((body, index) => [dayPlanKey(index + 1), { label: `Day ${index + 1}'s plan`, body, placeholders: [] }]),
) as Record<`day-${number}`, TextDefinition>;

const MESSAGE_TEXTS = {
  enrolled: {
    label: "On enrolment",
    body: "Welcome to {cohort}, {name}! Day 1 is {start_date}. How to get ready:\n• {prepare_cgm}\n• On day 1: {day_one_plan}",
    placeholders: ["name", "cohort", "start_date", "prepare_cgm", "day_one_plan"],
  },
  "week-before": {
    label: "A week before the start",
    body: "{cohort} starts in a week, on {start_date}. How to get ready:\n• {prepare_cgm}\n• On day 1: {day_one_plan}",
    placeholders: ["name", "cohort", "start_date", "prepare_cgm", "day_one_plan"],
  },
  "prepare-cgm-included": {
    label: "Getting ready: a plan with a CGM",
    body: "Your plan includes a CGM and it is on its way. Fit it the evening before day 1 so it has settled by the morning.",
    placeholders: [],
  },
  "prepare-cgm-order": {
    label: "Getting ready: a plan without a CGM",
    body: "Your plan does not include a CGM: order one now so it arrives before day 1, and fit it the evening before.",
    placeholders: [],
  },
  "link-bot": {
    label: "Getting ready: link the coach bot (members without it)",
    body: "Link the coach bot on your dashboard to get each morning's plan in Telegram: {dashboard_url}",
    placeholders: ["dashboard_url"],
  },
  "day-before": {
    label: "The day before the start",
    body: "{cohort} starts tomorrow, {start_date}. Your first plan arrives at {morning_time} ({time_zone}). Your dashboard: {dashboard_url}",
    placeholders: ["name", "cohort", "start_date", "morning_time", "time_zone", "dashboard_url"],
  },
  morning: {
    label: "Every morning",
    body: "{cohort}: day {day} of {total_days}, {week}.\nToday's plan: {plan}",
    placeholders: ["name", "cohort", "day", "total_days", "week", "plan"],
  },
  review: {
    label: "Day 7 and day 14: the review",
    body: "{cohort}: day {day} of {total_days}, review day.\n{plan}\nBook or answer your review: {review_url}",
    placeholders: ["name", "cohort", "day", "total_days", "week", "plan", "review_url"],
  },
  feedback: {
    label: "After the end: the feedback question",
    body: "{cohort} is over: well done, {name}! How was it? Reply with a score from 1 to 5 and one line, for example: 5 I finally know what breakfast does to me.",
    placeholders: ["name", "cohort"],
  },
  "feedback-thanks": {
    label: "After the end: thanks for the feedback",
    body: "Thank you! Your answer goes to the coaching team.",
    placeholders: ["name"],
  },
  "story-invite": {
    label: "After the end: a story and the referral link",
    body: "Your story can help a million people know their glucose: share it at {story_url}\nAnd your referral link pays you 20% of every plan a friend buys: {referral_url}",
    placeholders: ["name", "story_url", "referral_url"],
  },
  footer: {
    label: "Under every message: how to change it",
    body: "Change the hour or the channel, or pause: {settings_url}",
    placeholders: ["settings_url"],
  },
} as const satisfies Record<string, TextDefinition>;

export const PROGRAMME_TEXTS: Record<ProgrammeTextKey, TextDefinition> = { ...dayPlanTexts, ...MESSAGE_TEXTS };

export type ProgrammeTextKey = keyof typeof MESSAGE_TEXTS | `day-${number}`;

export const PROGRAMME_TEXT_KEYS = Object.keys(PROGRAMME_TEXTS) as ProgrammeTextKey[];

export function isProgrammeTextKey(key: string): key is ProgrammeTextKey {
  return Object.hasOwn(PROGRAMME_TEXTS, key);
}

/** A text as written here, before any edit. */
export function defaultText(key: ProgrammeTextKey): string {
  return PROGRAMME_TEXTS[key]?.body ?? "";
}

/** The longest a text may be (the table's check); a Telegram message holds 4,096 characters. */
export const PROGRAMME_TEXT_MAX_LENGTH = 2000;

/** The placeholders `body` names that `key` does not offer; empty when the text may be saved. */
export function unknownPlaceholders(key: ProgrammeTextKey, body: string): string[] {
  const allowed = new Set<string>(PROGRAMME_TEXTS[key]?.placeholders ?? []);
  return [...new Set([...body.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1] ?? ""))].filter((name) => !allowed.has(name));
}

/** `body` with each {placeholder} replaced by its value; a value not given leaves the braces as written. */
export function fillText(body: string, values: TextValues): string {
  return body.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name as Placeholder] ?? whole) : whole,
  );
}

/** Every text as the programme sends it: the defaults with the stored edits over them. */
export type ProgrammeTexts = Record<ProgrammeTextKey, string>;

export function programmeTexts(stored: readonly { key: string; body: string }[]): ProgrammeTexts {
  const texts = Object.fromEntries(PROGRAMME_TEXT_KEYS.map((key) => [key, defaultText(key)])) as ProgrammeTexts;
  for (const row of stored) if (isProgrammeTextKey(row.key)) texts[row.key] = row.body;
  return texts;
}

/** Example values for the operator's preview: what a member in Lisbon on day 3 would read. */
export const PREVIEW_VALUES: Required<TextValues> = {
  name: "Alex",
  cohort: "January cohort",
  start_date: "Mon, Jan 11, 2027",
  morning_time: "08:00",
  time_zone: "Europe/Lisbon",
  day: "3",
  total_days: String(BOOTCAMP_DAYS),
  week: "observe week (days 1–7)",
  plan: DAY_PLANS[2] ?? "",
  day_one_plan: DAY_PLANS[0] ?? "",
  prepare_cgm: MESSAGE_TEXTS["prepare-cgm-included"].body,
  dashboard_url: "https://example.org/dashboard",
  review_url: "https://example.org/dashboard#review",
  story_url: "https://example.org/campaign/stories",
  referral_url: "https://example.org/?ref=ALEX20",
  settings_url: "https://example.org/dashboard#programme",
};
