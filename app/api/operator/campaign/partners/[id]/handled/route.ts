// POST /api/operator/campaign/partners/{id}/handled - mark a partner pledge handled, or not handled again (operators only).
import { campaignRecordParamsSchema, handledRequestSchema, handledResultSchema } from "@/lib/operator/campaign-schemas";
import { route } from "@/server/http";
import { setPartnerPledgeHandled } from "@/server/operator/campaign-inbox";

export const POST = route(
  { auth: "operator", params: campaignRecordParamsSchema, body: handledRequestSchema, response: handledResultSchema },
  ({ user, params, body }) => setPartnerPledgeHandled(user.id, params.id, body.handled),
);
