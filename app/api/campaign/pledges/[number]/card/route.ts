// GET /api/campaign/pledges/{number}/card - a pledge's share card (PNG): its badge tier and number.
import { pledgeNumberParamsSchema } from "@/lib/campaign/campaign-schemas";
import { pledgeCard } from "@/server/campaign/pledge-card-image";
import { pledgeExists } from "@/server/db/campaign/campaign";
import { ApiError, route } from "@/server/http";
import { pledgeCardLimits } from "@/server/http/rate-limits";

// A card this instance already drew (or the client already holds) is answered from memory with no
// database work, as a static file is; only a card to draw is counted against the client's limit and
// its pledge looked up, so nobody can make the app draw cards by the thousand.
export const GET = route(
  { params: pledgeNumberParamsSchema, response: "image", rateLimits: pledgeCardLimits },
  ({ params, request, cacheMiss }) =>
    pledgeCard(request, params.number, async () => {
      await cacheMiss();
      if (!(await pledgeExists(params.number))) throw new ApiError("not_found", "There is no pledge with this number.");
    }),
);
