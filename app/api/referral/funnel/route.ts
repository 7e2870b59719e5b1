// GET /api/referral/funnel?days=30|90 - the member's visits, leads and conversions per day (the dashboard chart).
import { funnelQuerySchema, funnelSeriesSchema } from "@/lib/referrals/funnel-series";
import { route } from "@/server/http";
import { affiliateFunnel } from "@/server/referrals/funnel";

export const GET = route({ auth: "required", query: funnelQuerySchema, response: funnelSeriesSchema }, async ({ user, query }) =>
  affiliateFunnel(user.id, query.days),
);
