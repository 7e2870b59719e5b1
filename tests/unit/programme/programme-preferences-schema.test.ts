import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { cleanFeedbackComment, parseFeedbackReply } from "@/lib/programme/feedback-reply";
import { programmeFeedbackInputSchema } from "@/lib/programme/programme-feedback-schema";
import {
  effectiveChannel,
  formatHour,
  programmePreferencesSchema,
  programmePreferencesUpdateSchema,
} from "@/lib/programme/programme-preferences-schema";

const update = (value: unknown) => z.safeParse(programmePreferencesUpdateSchema, value);

describe("the programme preferences' update (PATCH /api/programme/preferences)", () => {
  it("takes the hour 0–23, the channel and the pause, alone or together", () => {
    for (const value of [
      { morningHour: 0 },
      { morningHour: 23 },
      { channel: "email" },
      { paused: true },
      { morningHour: 7, channel: "bot", paused: false },
    ]) {
      expect(update(value).success, JSON.stringify(value)).toBe(true);
    }
  });

  it("refuses an hour out of range or not whole, an unknown channel, an empty change and any other field", () => {
    for (const value of [
      { morningHour: 24 },
      { morningHour: -1 },
      { morningHour: 7.5 },
      { morningHour: "7" },
      { channel: "sms" },
      { channel: "bot\u0000" },
      { paused: "yes" },
      {},
      { morningHour: 7, userId: "someone-else" },
      null,
    ]) {
      expect(update(value).success, JSON.stringify(value)).toBe(false);
    }
    const refused = update({ morningHour: 24 });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe("Choose an hour from 0 to 23.");
  });

  it("answers the stored values in a shape the browser parses", () => {
    const answer = { morningHour: 8, channel: "bot", paused: false, botLinked: false, botBlockedAt: null, timeZone: null };
    expect(programmePreferencesSchema.parse(answer)).toEqual(answer);
  });

  it("says the hour as the messages do, and goes by the bot only when chosen, linked and not blocked", () => {
    expect([0, 8, 23].map(formatHour)).toEqual(["00:00", "08:00", "23:00"]);
    expect(effectiveChannel({ channel: "bot", botLinked: true, botBlockedAt: null })).toBe("bot");
    expect(effectiveChannel({ channel: "bot", botLinked: false, botBlockedAt: null })).toBe("email");
    expect(effectiveChannel({ channel: "bot", botLinked: true, botBlockedAt: "2026-12-01T08:00:00.000Z" })).toBe("email");
    expect(effectiveChannel({ channel: "email", botLinked: true, botBlockedAt: null })).toBe("email");
  });
});

describe("the feedback answer", () => {
  it("reads a score from 1 to 5 and the line after it from a chat message", () => {
    expect(parseFeedbackReply("5")).toEqual({ score: 5, comment: null });
    expect(parseFeedbackReply("  4 great two weeks ")).toEqual({ score: 4, comment: "great two weeks" });
    expect(parseFeedbackReply("4/5: more recipes please")).toEqual({ score: 4, comment: "more recipes please" });
    expect(parseFeedbackReply("3 - ok\n\nbut long")).toEqual({ score: 3, comment: "ok but long" });
    expect(parseFeedbackReply("1.")).toEqual({ score: 1, comment: null });
  });

  it("reads no score from anything else", () => {
    for (const text of ["", "great", "0", "6", "10 out of 10", "45", "4great", "five", "-3", "3.5"]) {
      expect(parseFeedbackReply(text), text).toBeNull();
    }
  });

  it("keeps at most 500 characters of the line, with NULs, lone surrogates and control characters gone", () => {
    const long = parseFeedbackReply(`5 ${"é".repeat(700)}`);
    expect(long?.comment).toHaveLength(500);
    expect(parseFeedbackReply("4 a\u0000b\ud800c\u0007d")).toEqual({ score: 4, comment: "abcd" });
    // A pair is one character and is never cut in half.
    const emoji = cleanFeedbackComment("😀".repeat(600));
    expect(Array.from(emoji ?? "")).toHaveLength(500);
    expect(emoji).toBe("😀".repeat(500));
    expect(cleanFeedbackComment(" \u0000 ")).toBeNull();
  });

  it("the dashboard's form: a score 1–5 and a line of at most 500, nothing that cannot be stored", () => {
    expect(programmeFeedbackInputSchema.parse({ score: 5, comment: " thanks " })).toEqual({ score: 5, comment: "thanks" });
    expect(programmeFeedbackInputSchema.parse({ score: 1 })).toEqual({ score: 1 });
    for (const value of [
      { score: 0 },
      { score: 6 },
      { score: 4.5 },
      { score: "5" },
      { score: 5, comment: "x".repeat(501) },
      { score: 5, comment: "a\u0000b" },
      { score: 5, comment: "a\udc00b" },
      { score: 5, seatId: "another-seat" },
    ]) {
      expect(z.safeParse(programmeFeedbackInputSchema, value).success, JSON.stringify(value).slice(0, 60)).toBe(false);
    }
  });
});
