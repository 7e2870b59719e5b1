// POST /api/campaign/pledges - D6, D18: ask to take the pledge (the address confirms it); GET - how many have pledged and how many partners joined.
import { pledgeRequestSchema, pledgeStatsSchema, receivedSchema } from "@/lib/campaign/campaign-schemas";
import { requestConfirmation } from "@/server/campaign/confirmations";
import { pledgeLimits } from "@/server/http/rate-limits";
import { campaignCounts } from "@/server/campaign/pledges";
import { route } from "@/server/http";

// A peak (a widely followed account sharing /magic) sends more pledges than the pool has connections:
// past the gate's places a pledge is answered 503 busy with Retry-After at once, and the drawer sends
// it again then; one admitted runs to its end.
export const POST = route(
  {
    body: pledgeRequestSchema,
    maxBodyBytes: 2048,
    rateLimits: pledgeLimits,
    admission: { name: "campaign-pledge" },
    response: receivedSchema,
    status: 202,
  },
  ({ body }) => requestConfirmation({ purpose: "pledge", ...body }),
);

// Shared per second by each instance (campaignCounts) and by a shared cache in front, so it needs no per-address limit.
export const GET = route({ sharedCache: true, response: pledgeStatsSchema }, () => campaignCounts());
