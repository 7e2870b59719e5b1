import { fillText, PREVIEW_VALUES, type ProgrammeTextKey, type TextValues } from "@/lib/programme/programme-texts";

// What a member would read of a programme text: its placeholders filled with the example member's
// values (a member in Lisbon on day 3), the day plans and getting-ready steps as they read now, and
// under a whole message the footer that tells how to change the hour or the channel, or pause.

/** The texts that are parts of a message rather than a message: a day's plan, a getting-ready step, the footer itself. */
export type ProgrammeTextKind = "day-plan" | "part" | "footer" | "message";

const PARTS = new Set<string>(["prepare-cgm-included", "prepare-cgm-order", "link-bot"]);

export function programmeTextKind(key: string): ProgrammeTextKind {
  if (/^day-\d+$/.test(key)) return "day-plan";
  if (key === "footer") return "footer";
  return PARTS.has(key) ? "part" : "message";
}

/** The example values, with the texts that fill them as they read now (an edited day 3, say). */
export function previewValues(texts: Partial<Record<ProgrammeTextKey, string>>): TextValues {
  return {
    ...PREVIEW_VALUES,
    plan: texts["day-3"] ?? PREVIEW_VALUES.plan,
    day_one_plan: texts["day-1"] ?? PREVIEW_VALUES.day_one_plan,
    prepare_cgm: texts["prepare-cgm-included"] ?? PREVIEW_VALUES.prepare_cgm,
  };
}

/** The text as the example member would read it; a whole message ends with the footer. */
export function previewProgrammeText(key: string, body: string, values: TextValues, footer: string): string {
  const filled = fillText(body, values);
  return programmeTextKind(key) === "message" ? `${filled}\n\n${fillText(footer, values)}` : filled;
}
