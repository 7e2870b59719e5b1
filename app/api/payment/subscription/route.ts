// GET /api/payment/subscription - the member's subscription (SPEC §3 Subscription).
import { subscriptionStatusSchema } from "@/lib/payments/subscription-schema";
import { route } from "@/server/http";
import { memberSubscriptionStatus } from "@/server/payments/member-subscription";

export const GET = route({ auth: "required", liveSession: true, response: subscriptionStatusSchema }, async ({ user }) =>
  memberSubscriptionStatus(user.id),
);
