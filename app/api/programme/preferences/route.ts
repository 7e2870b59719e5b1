// GET|PATCH /api/programme/preferences - the signed-in member's programme messages: the morning hour in their zone, the channel, a pause.
import { programmePreferencesSchema, programmePreferencesUpdateSchema } from "@/lib/programme/programme-preferences-schema";
import { route } from "@/server/http";
import { programmePreferencesLimits } from "@/server/http/rate-limits";
import { programmePreferences, updateProgrammePreferences } from "@/server/programme/programme-preferences";

export const GET = route({ auth: "required", response: programmePreferencesSchema }, ({ user }) => programmePreferences(user));

export const PATCH = route(
  {
    auth: "required",
    liveSession: true,
    body: programmePreferencesUpdateSchema,
    maxBodyBytes: 1024,
    rateLimits: programmePreferencesLimits,
    response: programmePreferencesSchema,
  },
  ({ user, body }) => updateProgrammePreferences(user, body),
);
