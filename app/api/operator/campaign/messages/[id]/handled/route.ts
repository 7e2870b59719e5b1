// POST /api/operator/campaign/messages/{id}/handled - mark a contact message handled, or not handled again (operators only).
import { campaignRecordParamsSchema, handledRequestSchema, handledResultSchema } from "@/lib/operator/campaign-schemas";
import { route } from "@/server/http";
import { setContactMessageHandled } from "@/server/operator/campaign-inbox";

export const POST = route(
  { auth: "operator", params: campaignRecordParamsSchema, body: handledRequestSchema, response: handledResultSchema },
  ({ user, params, body }) => setContactMessageHandled(user.id, params.id, body.handled),
);
