// GET /api/referral/stats - the member's visitors, leads, conversions and commission (SPEC §3, D14).
import { affiliateStatsSchema } from "@/lib/referrals/referral-schemas";
import { route } from "@/server/http";
import { affiliateStats } from "@/server/referrals/stats";

export const GET = route({ auth: "required", response: affiliateStatsSchema }, async ({ user }) => affiliateStats(user.id));
