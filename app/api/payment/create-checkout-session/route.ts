// POST /api/payment/create-checkout-session - hold a cohort seat and open Stripe Checkout.
import { checkoutSessionCreatedSchema, checkoutSessionRequestSchema } from "@/lib/payments/checkout-schemas";
import { route } from "@/server/http";
import { checkoutLimits } from "@/server/http/rate-limits";
import { createCheckoutSession } from "@/server/payments/checkout-session";
import { visitorIdFrom } from "@/server/referrals/visitor-cookie";

export const POST = route(
  {
    body: checkoutSessionRequestSchema,
    auth: "optional",
    liveSession: true,
    maxBodyBytes: 32 * 1024,
    rateLimits: checkoutLimits,
    response: checkoutSessionCreatedSchema,
  },
  async ({ body, user, request }) =>
    createCheckoutSession(body, user ? { userId: user.id, email: user.email } : null, visitorIdFrom(request)),
);
