import "server-only";
import type { MemberProfile, MemberProfileUpdate } from "@/lib/auth/member-profile-schema";
import { canonicalTimeZone } from "@/lib/time-zone/time-zone";
import type { AuthUser } from "../auth/auth-user";
import { getMemberProfile, saveMemberTimeZone } from "../db/accounts/users";
import { ApiError } from "../http/api-error";

const NO_ACCOUNT = "No account record was found for this user.";

/** GET /api/users/me */
export async function memberProfile(user: AuthUser): Promise<MemberProfile> {
  const profile = await getMemberProfile(user.id);
  if (!profile) throw new ApiError("not_found", NO_ACCOUNT);
  return profile;
}

/**
 * PATCH /api/users/me: the member's time zone (D19), an IANA name Intl knows, stored in Intl's
 * spelling; a name it does not know is refused with 400 and nothing is stored.
 */
export async function updateMemberProfile(user: AuthUser, update: MemberProfileUpdate): Promise<MemberProfile> {
  const timeZone = canonicalTimeZone(update.timeZone);
  if (!timeZone) {
    throw new ApiError(
      "bad_request",
      `"${update.timeZone.slice(0, 64)}" is not a time zone we know. Choose one such as Europe/Paris or America/Los_Angeles.`,
      {
        details: [{ path: "timeZone", message: "Unknown time zone." }],
      },
    );
  }
  if (!(await saveMemberTimeZone(user.id, timeZone))) throw new ApiError("not_found", NO_ACCOUNT);
  return memberProfile(user);
}
