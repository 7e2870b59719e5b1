// POST /api/referral/visit - a visitor arrived through an affiliate link (?via=CODE).
import { referralVisitRequestSchema, referralVisitResultSchema } from "@/lib/referrals/referral-schemas";
import { route } from "@/server/http";
import { referralVisitLimits } from "@/server/http/rate-limits";
import { recordReferralVisit } from "@/server/referrals/visits";

export const POST = route(
  { body: referralVisitRequestSchema, response: referralVisitResultSchema, maxBodyBytes: 1024, rateLimits: referralVisitLimits },
  async ({ body, request, cookies }) => recordReferralVisit(request, body.via, cookies),
);
