// POST|DELETE /api/operator/affiliates/{id}/hold - hold the affiliate's payouts with a reason, or release them (operators only).
import { affiliateIdParamsSchema, payoutHoldRequestSchema, payoutHoldStateSchema } from "@/lib/operator/affiliate-schemas";
import { route } from "@/server/http";
import { holdAffiliatePayouts, releaseAffiliatePayouts } from "@/server/operator/affiliate-holds";

export const POST = route(
  { auth: "operator", params: affiliateIdParamsSchema, body: payoutHoldRequestSchema, response: payoutHoldStateSchema },
  ({ user, params, body }) => holdAffiliatePayouts(user.id, params.id, body.reason),
);

export const DELETE = route({ auth: "operator", params: affiliateIdParamsSchema, response: payoutHoldStateSchema }, ({ user, params }) =>
  releaseAffiliatePayouts(user.id, params.id),
);
