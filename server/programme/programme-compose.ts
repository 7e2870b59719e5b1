import "server-only";
import { BOOTCAMP_DAYS, OBSERVE_DAYS } from "@/lib/cohorts/bootcamp-days";
import { bootcampDays, type DueMessage } from "@/lib/programme/programme-schedule";
import { dayPlanKey, fillText, type ProgrammeTexts, type TextValues } from "@/lib/programme/programme-texts";
import { affiliateLink } from "@/lib/referrals/affiliate-code";
import { site, siteUrl } from "@/lib/site";
import { UTC_FALLBACK_NOTE } from "@/lib/time-zone/time-zone";
import type { ProgrammeMember } from "../db/programme/programme-members";
import { formatDate } from "../email/format";

// What a programme message says to one member (docs/programme.md): its text (an operator's edit or
// the default) filled with the member's values, the bot's link line for a member without it, the
// UTC note for a member without a zone, and the footer that tells how to change it all.

export const PROGRAMME_URLS = {
  dashboard: () => siteUrl("/dashboard"),
  settings: () => siteUrl("/dashboard#programme"),
  feedback: () => siteUrl("/dashboard#feedback"),
  story: () => siteUrl("/million-glucose-campaign#share-your-story"),
};

export type ComposedMessage = { subject: string; text: string };

const DAY_MS = 86_400_000;

type CohortDates = { cohortId: string; cohortName: string; start: Date | null; end: Date | null; durationDays: number };

/** The number of bootcamp days of the member's cohort. */
export function totalDays(cohort: CohortDates): number {
  if (!cohort.start) return BOOTCAMP_DAYS;
  const day = (date: Date) => Math.floor(date.getTime() / DAY_MS);
  return bootcampDays(day(cohort.start), cohort.end ? day(cohort.end) : null, cohort.durationDays);
}

/** What the day-before email's calendar file is made from (the receipt's file: server/email/ics.ts). */
export function calendarFile(cohort: CohortDates, total: number) {
  if (!cohort.start) return undefined;
  const lastDay = new Date(cohort.start.getTime() + (total - 1) * DAY_MS);
  return { cohortId: cohort.cohortId, cohortName: cohort.cohortName, start: cohort.start.toISOString(), lastDay: lastDay.toISOString() };
}

const pad = (n: number) => String(n).padStart(2, "0");

function values(member: ProgrammeMember, texts: ProgrammeTexts, day: number | null, total: number, referralUrl: string | null): TextValues {
  const dashboardUrl = PROGRAMME_URLS.dashboard();
  return {
    name: member.firstName?.trim() || "there",
    cohort: member.cohortName,
    start_date: member.start ? formatDate(member.start) : "",
    morning_time: `${pad(member.morningHour)}:00`,
    time_zone: member.timeZone ?? "UTC",
    day: day === null ? "" : String(day),
    total_days: String(total),
    week:
      day !== null && day <= OBSERVE_DAYS ? `observe week (days 1–${OBSERVE_DAYS})` : `experiment week (days ${OBSERVE_DAYS + 1}–${total})`,
    plan: day === null ? "" : texts[dayPlanKey(day)],
    day_one_plan: texts["day-1"],
    prepare_cgm: texts[member.hasCgm ? "prepare-cgm-included" : "prepare-cgm-order"],
    dashboard_url: dashboardUrl,
    review_url: dashboardUrl,
    story_url: PROGRAMME_URLS.story(),
    referral_url: referralUrl ?? (member.referralCode ? affiliateLink(site.url, member.referralCode) : dashboardUrl),
    settings_url: PROGRAMME_URLS.settings(),
  };
}

function subject(message: DueMessage, cohort: string, total: number): string {
  switch (message.message) {
    case "enrolled":
      return `Welcome to ${cohort}`;
    case "week-before":
      return `${cohort} starts in a week`;
    case "day-before":
      return `${cohort} starts tomorrow`;
    case "morning":
      return `${cohort}: day ${message.day ?? ""} of ${total}`;
    case "feedback":
      return `How was ${cohort}?`;
    case "story-invite":
      return "Share your story";
  }
}

/** The subject of a programme message by email. */
export function programmeSubject(message: Pick<DueMessage, "message" | "day">, cohort: string, total: number): string {
  return subject({ ...message, forDate: "", action: "send", reason: null }, cohort, total);
}

/** The text of `message` for `member`, as sent by `channel`, ending with the footer. */
export function composeMessage(
  member: ProgrammeMember,
  message: Pick<DueMessage, "message" | "day">,
  texts: ProgrammeTexts,
  options: { total: number; channel: "bot" | "email"; referralUrl?: string | null },
): ComposedMessage {
  const filled = values(member, texts, message.day, options.total, options.referralUrl ?? null);
  const key = message.message === "morning" && (message.day === OBSERVE_DAYS || message.day === options.total) ? "review" : message.message;
  const lines = [fillText(texts[key], filled)];
  const beforeStart = message.message === "enrolled" || message.message === "week-before" || message.message === "day-before";
  if (beforeStart && member.chatId === null) lines.push(fillText(texts["link-bot"], filled));
  if (message.message === "feedback" && options.channel === "email") lines.push(`Answer on your dashboard: ${PROGRAMME_URLS.feedback()}`);
  if (!member.timeZone) lines.push(UTC_FALLBACK_NOTE);
  lines.push("", fillText(texts.footer, filled));
  return {
    subject: subject({ ...message, forDate: "", action: "send", reason: null }, member.cohortName, options.total),
    text: lines.join("\n"),
  };
}
