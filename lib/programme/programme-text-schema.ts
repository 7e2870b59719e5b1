import * as z from "zod/mini";
import { isProgrammeTextKey, PROGRAMME_TEXT_MAX_LENGTH, unknownPlaceholders, type ProgrammeTextKey } from "./programme-texts";

// An operator's edit of a programme text (the day plans and messages, lib/programme/programme-texts.ts):
// which text, what it says, and the text as the operator area shows it. Declared once for the
// routes and the editor.

export const UNKNOWN_TEXT_KEY = "There is no programme text with this name.";

// Control characters other than a line break or a tab (NUL is refused as every route refuses it).
const CONTROL = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** /api/operator/programme/texts/{key}: one of the texts the programme knows. */
export const programmeTextParamsSchema = z.object({
  key: z.custom<ProgrammeTextKey>((key) => typeof key === "string" && isProgrammeTextKey(key), UNKNOWN_TEXT_KEY),
});

/** POST /api/operator/programme/texts/{key}: the text's new words (its placeholders are checked against its key). */
export const programmeTextSaveSchema = z.object({
  body: z
    .string({ error: "Write the text." })
    .check(
      z.trim(),
      z.minLength(1, "Write the text: to go back to the default, use “Back to the default”."),
      z.maxLength(PROGRAMME_TEXT_MAX_LENGTH, `Keep the text under ${PROGRAMME_TEXT_MAX_LENGTH.toLocaleString("en-US")} characters.`),
      z.regex(CONTROL, "The text cannot hold control characters other than line breaks."),
    ),
});
export type ProgrammeTextSave = z.output<typeof programmeTextSaveSchema>;

// A word in braces that is not written as placeholders are ({name}): the sender would leave it as typed.
const MISWRITTEN = /\{(\s*[A-Za-z][A-Za-z_ ]{0,39})\}/g;

/**
 * Why the text's placeholders cannot be sent, as said beside the field; null when they can. A
 * placeholder the text's key does not offer has no value when it is sent, and one written in
 * capitals or with spaces would reach the member as typed.
 */
export function placeholderProblem(key: ProgrammeTextKey, body: string): string | null {
  const unknown = unknownPlaceholders(key, body);
  if (unknown.length > 0) {
    const listed = unknown.map((name) => `{${name}}`).join(", ");
    return unknown.length === 1
      ? `${listed} is not a placeholder this text can use: use one listed under the field, or remove the braces.`
      : `${listed} are not placeholders this text can use: use those listed under the field, or remove the braces.`;
  }
  const miswritten = [...body.matchAll(MISWRITTEN)].map((match) => match[0]).find((word) => !/^\{[a-z_]+\}$/.test(word));
  return miswritten ? `${miswritten} is not a placeholder: write placeholders in lower case as listed under the field.` : null;
}

/** A text as the operator area shows it: its words now, whether an operator edited it, by whom and when. */
export const programmeTextSchema = z.object({
  key: z.string(),
  body: z.string(),
  edited: z.boolean(),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
});
export type ProgrammeTextState = z.output<typeof programmeTextSchema>;

export const programmeTextListSchema = z.array(programmeTextSchema);
