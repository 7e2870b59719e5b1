// POST /api/referral/visit - a visitor arrived through an affiliate link (?via=CODE).
import { referralVisitRequestSchema, referralVisitResultSchema } from "@/lib/referral/referral-schemas";
import { route } from "@/server/http";
import { recordReferralVisit } from "@/server/referrals/visits";

export const POST = route(
  { body: referralVisitRequestSchema, response: referralVisitResultSchema, maxBodyBytes: 1024, rateLimits: [{ name: "referral-visit", limit: 30, windowSeconds: 600 }] },
  async ({ body, request, cookies }) => recordReferralVisit(request, body.via, cookies),
);
