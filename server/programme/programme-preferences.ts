import "server-only";
import type { ProgrammePreferences, ProgrammePreferencesUpdate } from "@/lib/programme/programme-preferences-schema";
import type { AuthUser } from "../auth/auth-user";
import {
  readProgrammePreferences,
  saveProgrammePreferences,
  type ProgrammePreferencesChange,
  type ProgrammePreferencesRead,
} from "../db/programme/programme-preferences";
import { ApiError } from "../http/api-error";

const NO_ACCOUNT = "No account record was found for this user.";

const toAnswer = (read: ProgrammePreferencesRead): ProgrammePreferences => ({
  morningHour: read.morningHour,
  channel: read.channel,
  paused: read.paused,
  botLinked: read.botLinked,
  botBlockedAt: read.botBlockedAt?.toISOString() ?? null,
  timeZone: read.timeZone,
});

/** GET /api/programme/preferences: the signed-in member's own choices, never another's. */
export async function programmePreferences(user: AuthUser): Promise<ProgrammePreferences> {
  const read = await readProgrammePreferences(user.id);
  if (!read) throw new ApiError("not_found", NO_ACCOUNT);
  return toAnswer(read);
}

/**
 * PATCH /api/programme/preferences: the hour (0–23, in the member's zone), the channel or the pause.
 * The coach bot may be chosen before it is linked: messages go by email until it is.
 */
export async function updateProgrammePreferences(user: AuthUser, update: ProgrammePreferencesUpdate): Promise<ProgrammePreferences> {
  if (!(await changeProgrammePreferences(user.id, update))) throw new ApiError("not_found", NO_ACCOUNT);
  return programmePreferences(user);
}

/** The coach bot's /hour, /pause and /resume: the same change for the member the chat is linked to. */
export async function changeProgrammePreferences(
  userId: string,
  change: ProgrammePreferencesChange,
): Promise<ProgrammePreferencesRead | null> {
  if (!(await saveProgrammePreferences(userId, change))) return null;
  return readProgrammePreferences(userId);
}

/** The member's choices as the coach bot tells them (null when the account is gone). */
export function readMemberProgrammePreferences(userId: string): Promise<ProgrammePreferencesRead | null> {
  return readProgrammePreferences(userId);
}
