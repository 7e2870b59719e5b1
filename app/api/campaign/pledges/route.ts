// POST /api/campaign/pledges - D6: take the pledge (one per person); GET - how many have pledged.
import { pledgeRequestSchema, pledgeSchema, pledgeStatsSchema } from "@/lib/campaign/campaign-schemas";
import { pledgeLimits } from "@/server/campaign/limits";
import { pledgeCount, takePledge } from "@/server/campaign/pledges";
import { route } from "@/server/http";

export const POST = route(
  { body: pledgeRequestSchema, maxBodyBytes: 2048, rateLimits: pledgeLimits, response: pledgeSchema },
  ({ body }) => takePledge(body),
);

// Shared per second by each instance (pledgeCount), so it needs no per-address limit.
export const GET = route({ response: pledgeStatsSchema }, async () => ({ pledges: await pledgeCount() }));
