// POST /api/campaign/pledges - D6: take the pledge (one per person); GET - how many have pledged.
import { pledgeRequestSchema, pledgeSchema, pledgeStatsSchema } from "@/lib/campaign/campaign-schemas";
import { countPledges } from "@/server/db/campaign";
import { pledgeLimits } from "@/server/campaign/limits";
import { takePledge } from "@/server/campaign/pledges";
import { route } from "@/server/http";

export const POST = route(
  { body: pledgeRequestSchema, maxBodyBytes: 2048, rateLimits: pledgeLimits, response: pledgeSchema },
  ({ body }) => takePledge(body),
);

export const GET = route(
  { rateLimits: [{ name: "campaign-pledge-count", limit: 120, windowSeconds: 60 }], response: pledgeStatsSchema },
  async () => ({ pledges: await countPledges() }),
);
