// GET /api/campaign/pledges/{number}/card - a pledge's share card (PNG): its badge tier and number.
import { pledgeNumberParamsSchema } from "@/lib/campaign/campaign-schemas";
import { pledgeCard } from "@/server/campaign/pledge-card-image";
import { pledgeExists } from "@/server/db/campaign";
import { ApiError, route } from "@/server/http";

export const GET = route(
  { params: pledgeNumberParamsSchema, response: "image", rateLimits: [{ name: "campaign-pledge-card", limit: 120, windowSeconds: 60 }] },
  async ({ params, request }) => {
    if (!(await pledgeExists(params.number))) throw new ApiError("not_found", "There is no pledge with this number.");
    return pledgeCard(request, params.number);
  },
);
