// POST /api/safety-clearances - after a 'yes' on the safety screen: email a link to come back with once the doctor has said yes.
import { safetyClearanceRequestSchema, safetyClearanceRequestedSchema } from "@/lib/questionnaire/safety-clearance-schemas";
import { route } from "@/server/http";
import { clearanceRequestLimits } from "@/server/http/rate-limits";
import { requestClearanceLink } from "@/server/safety-clearance/safety-clearances";

export const POST = route(
  {
    body: safetyClearanceRequestSchema,
    maxBodyBytes: 1024,
    rateLimits: clearanceRequestLimits,
    response: safetyClearanceRequestedSchema,
    status: 202,
  },
  ({ body }) => requestClearanceLink(body.email, body.safetyScreen),
);
