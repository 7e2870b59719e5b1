// POST /api/safety-clearances/confirmations - use a clearance link: record the doctor's go-ahead, once, for the link's address.
import { safetyClearanceConfirmationSchema, safetyClearanceConfirmedSchema } from "@/lib/questionnaire/safety-clearance-schemas";
import { route } from "@/server/http";
import { clearanceConfirmationLimits } from "@/server/http/rate-limits";
import { confirmClearance } from "@/server/safety-clearance/safety-clearances";

export const POST = route(
  {
    body: safetyClearanceConfirmationSchema,
    auth: "optional",
    maxBodyBytes: 2048,
    rateLimits: clearanceConfirmationLimits,
    response: safetyClearanceConfirmedSchema,
  },
  ({ body, user }) => confirmClearance(body, user?.id ?? null),
);
