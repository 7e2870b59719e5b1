// POST /api/operator/affiliates/{id}/payouts - mark the affiliate's due commission paid (operators, fresh sign-in).
import { affiliateIdParamsSchema, payoutRequestSchema, recordedPayoutSchema } from "@/lib/operator/affiliate-schemas";
import { route } from "@/server/http";
import { markCommissionPaid } from "@/server/operator/affiliate-payouts";

export const POST = route(
  {
    auth: "operator",
    fresh: true,
    params: affiliateIdParamsSchema,
    body: payoutRequestSchema,
    status: 201,
    response: recordedPayoutSchema,
  },
  ({ user, params, body }) => markCommissionPaid(user.id, params.id, body),
);
