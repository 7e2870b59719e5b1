// GET /api/payment/subscription - the member's subscription (SPEC §3 Subscription).
import { route } from "@/server/http";
import { memberSubscriptionStatus } from "@/server/payments/member-subscription";

export const GET = route({ auth: "required" }, async ({ user }) => memberSubscriptionStatus(user.id));
