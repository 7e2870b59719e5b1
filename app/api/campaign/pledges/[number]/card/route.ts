// GET /api/campaign/pledges/{number}/card - a pledge's share card (PNG): its badge tier and number.
import { pledgeNumberParamsSchema } from "@/lib/campaign/campaign-schemas";
import { pledgeCardLimits } from "@/server/campaign/limits";
import { pledgeCard } from "@/server/campaign/pledge-card-image";
import { pledgeExists } from "@/server/db/campaign";
import { ApiError, route } from "@/server/http";
import { enforceRateLimit } from "@/server/http/rate-limit";

// A card this instance already drew (or the client already holds) is answered from memory with no
// database work, as a static file is; only a card to draw is counted against the client's limit and
// its pledge looked up, so nobody can make the app draw cards by the thousand.
export const GET = route({ params: pledgeNumberParamsSchema, response: "image" }, ({ params, request }) =>
  pledgeCard(request, params.number, async () => {
    for (const limit of pledgeCardLimits) await enforceRateLimit(request, limit);
    if (!(await pledgeExists(params.number))) throw new ApiError("not_found", "There is no pledge with this number.");
  }));
