// POST /api/campaign/partners - D6, D18: ask to sign the partner pledge (the address confirms it, then the team is emailed).
import { partnerPledgeRequestSchema, receivedSchema } from "@/lib/campaign/campaign-schemas";
import { requestConfirmation } from "@/server/campaign/confirmations";
import { partnerLimits } from "@/server/http/rate-limits";
import { route } from "@/server/http";

export const POST = route(
  { body: partnerPledgeRequestSchema, maxBodyBytes: 4096, rateLimits: partnerLimits, response: receivedSchema, status: 202 },
  ({ body }) => requestConfirmation({ purpose: "partner", ...body }),
);
