// POST /api/referral/lead - a signed-in member's browser reports the referral that brought it.
import { referralLeadResultSchema } from "@/lib/referrals/referral-schemas";
import { route } from "@/server/http";
import { referralLeadLimits } from "@/server/http/rate-limits";
import { recordReferralLead } from "@/server/referrals/leads";
import { visitorIdFrom } from "@/server/referrals/visitor-cookie";

export const POST = route(
  { auth: "required", response: referralLeadResultSchema, rateLimits: referralLeadLimits },
  async ({ user, request }) => recordReferralLead(user, visitorIdFrom(request)),
);
