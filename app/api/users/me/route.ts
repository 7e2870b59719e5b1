// GET|PATCH /api/users/me - the signed-in member's account row (user type, coach-bot set-up, time zone).
import { memberProfileSchema, memberProfileUpdateSchema } from "@/lib/auth/member-profile-schema";
import { memberProfile, updateMemberProfile } from "@/server/accounts/member-profile";
import { route } from "@/server/http";
import { memberProfileLimits } from "@/server/http/rate-limits";

export const GET = route({ auth: "required", liveSession: true, response: memberProfileSchema }, ({ user }) => memberProfile(user));

export const PATCH = route(
  {
    auth: "required",
    liveSession: true,
    body: memberProfileUpdateSchema,
    maxBodyBytes: 1024,
    rateLimits: memberProfileLimits,
    response: memberProfileSchema,
  },
  ({ user, body }) => updateMemberProfile(user, body),
);
