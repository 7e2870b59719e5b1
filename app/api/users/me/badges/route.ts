// GET /api/users/me/badges - the signed-in member's badges (SPEC §3 Badge), from their campaign pledge.
import { memberBadgesSchema } from "@/lib/badges/badges";
import { memberBadges } from "@/server/campaign/member-badges";
import { route } from "@/server/http";

export const GET = route({ auth: "required", response: memberBadgesSchema }, ({ user }) => memberBadges(user));
