import { describe, expect, it } from "vitest";
import { programmeTexts } from "@/lib/programme/programme-texts";
import { UTC_FALLBACK_NOTE } from "@/lib/time-zone/time-zone";
import type { ProgrammeMember } from "@/server/db/programme/programme-members";
import { composeMessage } from "@/server/programme/programme-compose";

// What a programme message says: its text with the member's values, the lines it gains for a
// member without the bot or a zone, and the footer under every one.

const texts = programmeTexts([]);

function member(overrides: Partial<ProgrammeMember> = {}): ProgrammeMember {
  return {
    seatId: "00000000-0000-4000-8000-000000000001",
    userId: "00000000-0000-4000-8000-000000000002",
    cohortId: "00000000-0000-4000-8000-000000000003",
    cohortName: "May cohort",
    start: new Date("2027-05-03T00:00:00Z"),
    end: new Date("2027-05-17T00:00:00Z"),
    durationDays: 14,
    enrolledAt: new Date("2027-04-01T00:00:00Z"),
    timeZone: "Asia/Kolkata",
    morningHour: 7,
    channel: "bot",
    paused: false,
    botBlocked: false,
    chatId: 42,
    firstName: "Asha",
    email: "asha@example.org",
    hasCgm: true,
    referralCode: "asha-code",
    decided: [],
    ...overrides,
  };
}

const compose = (
  m: ProgrammeMember,
  message: "enrolled" | "day-before" | "morning" | "feedback" | "story-invite",
  day: number | null = null,
  channel: "bot" | "email" = "bot",
) => composeMessage(m, { message, day }, texts, { total: 14, channel });

describe("composeMessage", () => {
  it("fills the day's plan, uses the review on days 7 and 14, and ends with the footer", () => {
    const day3 = compose(member(), "morning", 3);
    expect(day3.subject).toBe("May cohort: day 3 of 14");
    expect(day3.text).toContain("May cohort: day 3 of 14, observe week (days 1–7).\nToday's plan: Log your breakfast carefully");
    expect(day3.text).toMatch(/\n\nChange the hour or the channel, or pause: http\S+\/dashboard#programme$/);
    expect(compose(member(), "morning", 7).text).toContain("day 7 of 14, review day");
    expect(compose(member(), "morning", 9).text).toContain("experiment week (days 8–14)");
    expect(compose(member(), "morning", 14).text).toContain("Book or answer your review");
  });

  it("tells the start in the member's words: the hour, the zone, the CGM step for their plan", () => {
    const text = compose(member(), "day-before").text;
    expect(text).toContain("May cohort starts tomorrow, Mon, May 3, 2027. Your first plan arrives at 07:00 (Asia/Kolkata).");
    expect(compose(member(), "enrolled").text).toContain("Your plan includes a CGM");
    expect(compose(member({ hasCgm: false }), "enrolled").text).toContain("order one now");
  });

  it("adds the bot's link before the start for a member without it, and the UTC note without a zone", () => {
    const unlinked = compose(member({ chatId: null, timeZone: null }), "enrolled", null, "email").text;
    expect(unlinked).toContain("Link the coach bot on your dashboard");
    expect(unlinked).toContain(UTC_FALLBACK_NOTE);
    expect(compose(member({ chatId: null }), "morning", 2).text).not.toContain("Link the coach bot");
  });

  it("points a feedback email to the dashboard and gives the referral link in the invitation", () => {
    expect(compose(member(), "feedback", null, "email").text).toMatch(/Answer on your dashboard: http\S+\/dashboard#feedback\n/);
    expect(compose(member(), "feedback").text).not.toContain("Answer on your dashboard");
    expect(compose(member(), "story-invite").text).toMatch(/\?via=asha-code/);
  });

  it("keeps a name with braces as written (no placeholder is filled from a member's value)", () => {
    const text = compose(member({ firstName: "{cohort} {settings_url}" }), "feedback").text;
    expect(text).toContain("well done, {cohort} {settings_url}!");
    expect(compose(member({ firstName: "  " }), "feedback").text).toContain("well done, there!");
  });
});
