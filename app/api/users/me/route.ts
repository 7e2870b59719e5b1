// GET /api/users/me - the signed-in member's account row (user type and coach-bot set-up).
import { memberProfileSchema } from "@/lib/auth/member-profile-schema";
import { ApiError, route } from "@/server/http";
import { getMemberProfile } from "@/server/db/users";

export const GET = route({ auth: "required", response: memberProfileSchema }, async ({ user }) => {
  const profile = await getMemberProfile(user.id);
  if (!profile) throw new ApiError("not_found", "No account record was found for this user.");
  return profile;
});
