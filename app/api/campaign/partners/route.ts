// POST /api/campaign/partners - D6: sign the partner pledge; the campaign team is emailed.
import { partnerPledgeRequestSchema, receivedSchema } from "@/lib/campaign/campaign-schemas";
import { partnerLimits } from "@/server/campaign/limits";
import { signPartnerPledge } from "@/server/campaign/submissions";
import { route } from "@/server/http";

export const POST = route(
  { body: partnerPledgeRequestSchema, maxBodyBytes: 4096, rateLimits: partnerLimits, response: receivedSchema, status: 201 },
  ({ body }) => signPartnerPledge(body),
);
