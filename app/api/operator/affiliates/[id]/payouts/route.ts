// POST /api/operator/affiliates/{id}/payouts - mark the affiliate's due commission paid (operators only).
import { affiliateIdParamsSchema, payoutRequestSchema, recordedPayoutSchema } from "@/lib/operator/affiliate-schemas";
import { route } from "@/server/http";
import { markCommissionPaid } from "@/server/operator/affiliate-payouts";

const options = { params: affiliateIdParamsSchema, body: payoutRequestSchema, status: 201, response: recordedPayoutSchema };

export const POST = route({ auth: "operator", ...options }, async ({ user, params, body }) => {
  return markCommissionPaid(user.id, params.id, body);
});
