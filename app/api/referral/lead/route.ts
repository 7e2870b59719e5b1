// POST /api/referral/lead - a signed-in member's browser reports the referral that brought it.
import { referralLeadResultSchema } from "@/lib/referral/referral-schemas";
import { route } from "@/server/http";
import { recordReferralLead } from "@/server/referrals/leads";
import { visitorIdFrom } from "@/server/referrals/visitor-cookie";

export const POST = route(
  { auth: "required", response: referralLeadResultSchema, rateLimits: [{ name: "referral-lead", limit: 30, windowSeconds: 600 }] },
  async ({ user, request }) => recordReferralLead(user, visitorIdFrom(request)),
);
