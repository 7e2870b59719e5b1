import "server-only";
import { placeholderProblem, type ProgrammeTextState } from "@/lib/programme/programme-text-schema";
import { defaultText, PROGRAMME_TEXT_KEYS, PROGRAMME_TEXTS, type ProgrammeTextKey } from "@/lib/programme/programme-texts";
import {
  deleteProgrammeText,
  listStoredProgrammeTexts,
  lockProgrammeText,
  saveProgrammeText,
  type StoredProgrammeText,
} from "../db/programme/programme-text-edits";
import { ApiError } from "../http/api-error";
import { operatorChange } from "./operator-change";

// An operator changes what the programme says (docs/programme.md) without a deploy: a text's new
// words, or back to its default. Each change is audited in its own transaction; saving the words a
// text already has, or resetting a text that was never edited, changes nothing and is not logged.

const stateOf = (key: ProgrammeTextKey, stored: StoredProgrammeText | null): ProgrammeTextState =>
  stored
    ? { key, body: stored.body, edited: true, updatedAt: stored.updatedAt.toISOString(), updatedBy: stored.updatedBy }
    : { key, body: defaultText(key), edited: false, updatedAt: null, updatedBy: null };

const labelOf = (key: ProgrammeTextKey) => PROGRAMME_TEXTS[key]?.label ?? key;

/** Every text the programme knows, in its order, as it reads now. */
export async function programmeTextStates(): Promise<ProgrammeTextState[]> {
  const stored = new Map((await listStoredProgrammeTexts()).map((row) => [row.key, row]));
  return PROGRAMME_TEXT_KEYS.map((key) => stateOf(key, stored.get(key) ?? null));
}

/**
 * Saves the text's words (already trimmed and checked by the route's schema). A placeholder the
 * text's key does not offer, or one miswritten, is refused (422 on `body`): it would reach members as typed.
 */
export async function editProgrammeText(operatorId: string, key: ProgrammeTextKey, body: string): Promise<ProgrammeTextState> {
  const problem = placeholderProblem(key, body);
  if (problem) throw new ApiError("validation_failed", "The text is not valid.", { details: [{ path: "body", message: problem }] });
  return operatorChange(operatorId, async (tx) => {
    const stored = await lockProgrammeText(tx, key);
    const before = stored?.body ?? defaultText(key);
    if (before === body) return { result: stateOf(key, stored), audit: null };
    const saved = await saveProgrammeText(tx, { key, body, operatorId });
    return {
      result: stateOf(key, saved),
      audit: {
        action: "programme_text.edit",
        subjectType: "programme_text",
        subjectId: key,
        before: { label: labelOf(key), body: before, edited: stored !== null },
        after: { label: labelOf(key), body, edited: true },
      },
    };
  });
}

/** Deletes the text's edit: the programme says its default again. */
export async function resetProgrammeText(operatorId: string, key: ProgrammeTextKey): Promise<ProgrammeTextState> {
  return operatorChange(operatorId, async (tx) => {
    const stored = await lockProgrammeText(tx, key);
    if (!stored || !(await deleteProgrammeText(tx, key))) return { result: stateOf(key, null), audit: null };
    return {
      result: stateOf(key, null),
      audit: {
        action: "programme_text.reset",
        subjectType: "programme_text",
        subjectId: key,
        before: { label: labelOf(key), body: stored.body, edited: true },
        after: { label: labelOf(key), body: defaultText(key), edited: false },
      },
    };
  });
}
