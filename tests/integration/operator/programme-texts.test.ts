import { afterEach, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/operator/programme/texts/route";
import { DELETE as resetRoute, POST as saveRoute } from "@/app/api/operator/programme/texts/[key]/route";
import { defaultText, PROGRAMME_TEXT_KEYS } from "@/lib/programme/programme-texts";
import { listStoredProgrammeTexts } from "@/server/db/programme/programme-text-edits";
import { readProgrammeTexts } from "@/server/db/programme/programme-texts";
import { suiteSql } from "../../fixtures/db";
import { auditEntriesOf, callRoute, signedInOperator } from "../../fixtures/operators";

// An operator changes what the programme says without a deploy: a text's words are saved in place
// of its default (checked: a known text, 1–2,000 characters, only the placeholders its key offers),
// or deleted to go back to the default; each change is in the audit log, in the same transaction.

const sql = suiteSql();
const operator = await signedInOperator("programme-editor");

const save = (key: string, body: unknown, token = operator.token) =>
  callRoute(saveRoute, `/api/operator/programme/texts/${encodeURIComponent(key)}`, { method: "POST", token, body, params: { key } });
const reset = (key: string, token = operator.token) =>
  callRoute(resetRoute, `/api/operator/programme/texts/${encodeURIComponent(key)}`, { method: "DELETE", token, params: { key } });

// The texts are the whole run's: every test leaves the defaults as it found them.
afterEach(async () => {
  await sql`delete from public.programme_texts`;
});

describe("the operator's programme texts", () => {
  it("lists every text as it reads now, the defaults first", async () => {
    const listed = await callRoute(listRoute, "/api/operator/programme/texts", { token: operator.token });
    expect(listed.status).toBe(200);
    const texts = listed.body!.data as { key: string; body: string; edited: boolean }[];
    expect(texts.map((text) => text.key)).toEqual(PROGRAMME_TEXT_KEYS);
    expect(texts.find((text) => text.key === "morning")).toMatchObject({ body: defaultText("morning"), edited: false, updatedAt: null });
  });

  it("saves a text trimmed, which the programme then reads, audited once; the same words again change nothing", async () => {
    const body = "  {cohort}, day {day} of {total_days}.\nToday: {plan}\n";
    const saved = await save("morning", { body });
    expect(saved.status).toBe(200);
    expect(saved.body!.data).toMatchObject({
      key: "morning",
      body: "{cohort}, day {day} of {total_days}.\nToday: {plan}",
      edited: true,
      updatedBy: operator.email,
    });
    expect((await readProgrammeTexts()).morning).toBe("{cohort}, day {day} of {total_days}.\nToday: {plan}");

    expect((await save("morning", { body: body.trim() })).status).toBe(200);
    const entries = await auditEntriesOf(sql, "morning");
    expect(entries.map((entry) => [entry.action, entry.subject_type, entry.actor, entry.before, entry.after])).toEqual([
      [
        "programme_text.edit",
        "programme_text",
        operator.email,
        { label: "Every morning", body: defaultText("morning"), edited: false },
        { label: "Every morning", body: "{cohort}, day {day} of {total_days}.\nToday: {plan}", edited: true },
      ],
    ]);

    // A second edit names the first as what it replaced.
    await save("morning", { body: "Day {day}: {plan}" });
    const [, second] = await auditEntriesOf(sql, "morning");
    expect(second).toMatchObject({ before: { body: "{cohort}, day {day} of {total_days}.\nToday: {plan}", edited: true } });
  });

  it("goes back to the default by deleting the edit, audited; a text never edited changes nothing", async () => {
    await save("day-4", { body: "Walk after lunch." });
    const back = await reset("day-4");
    expect(back.status).toBe(200);
    expect(back.body!.data).toEqual({ key: "day-4", body: defaultText("day-4"), edited: false, updatedAt: null, updatedBy: null });
    expect(await sql`select 1 from public.programme_texts where key = 'day-4'`).toHaveLength(0);
    expect((await readProgrammeTexts())["day-4"]).toBe(defaultText("day-4"));
    expect((await reset("day-4")).status).toBe(200);
    expect((await auditEntriesOf(sql, "day-4")).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      [
        "programme_text.edit",
        { label: "Day 4's plan", body: defaultText("day-4"), edited: false },
        expect.objectContaining({ body: "Walk after lunch." }),
      ],
      [
        "programme_text.reset",
        { label: "Day 4's plan", body: "Walk after lunch.", edited: true },
        { label: "Day 4's plan", body: defaultText("day-4"), edited: false },
      ],
    ]);
  });

  it("refuses what cannot be saved with a message for the field, changing nothing and logging nothing", async () => {
    const cases: [string, unknown, string][] = [
      ["morning", { body: "Hello {name}, your code is {password}" }, "{password} is not a placeholder this text can use"],
      ["day-2", { body: "Eat at {cohort}" }, "{cohort} is not a placeholder this text can use"],
      ["morning", { body: "   \n " }, "Write the text"],
      ["morning", { body: "x".repeat(2001) }, "Keep the text under 2,000 characters."],
      ["morning", { body: "a\u0007bell" }, "control characters"],
      ["morning", { body: 42 }, "Write the text."],
      ["morning", {}, "Write the text."],
    ];
    for (const [key, body, message] of cases) {
      const answer = await save(key, body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(answer.body!.code).toBe("validation_failed");
      expect(JSON.stringify(answer.body!.details)).toContain(message);
    }
    // A text at the limit is kept whole.
    expect((await save("feedback-thanks", { body: "y".repeat(2000) })).status).toBe(200);
    await reset("feedback-thanks");
    expect(await listStoredProgrammeTexts()).toEqual([]);
    expect(await auditEntriesOf(sql, "day-2")).toEqual([]);
  });
});
