// GET /api/referral/get_affiliate_link - the member's affiliate link and coupon code (SPEC §3).
import { affiliateLinkSchema } from "@/lib/referrals/referral-schemas";
import { route } from "@/server/http";
import { affiliateLinkFor } from "@/server/referrals/affiliate-identity";

export const GET = route({ auth: "required", liveSession: true, response: affiliateLinkSchema }, async ({ user }) =>
  affiliateLinkFor(user),
);
