// POST /api/payment/create-checkout-session - hold a cohort seat and open Stripe Checkout.
import { checkoutSessionRequestSchema } from "@/lib/schemas/checkout";
import { route } from "@/server/http";
import { createCheckoutSession } from "@/server/payments/checkout-session";
import { visitorIdFrom } from "@/server/referrals/visitor-cookie";

export const POST = route(
  {
    body: checkoutSessionRequestSchema,
    auth: "optional",
    maxBodyBytes: 32 * 1024,
    rateLimits: [{ name: "checkout-session", limit: 20, windowSeconds: 600 }],
  },
  async ({ body, user, request }) => createCheckoutSession(body, user ? { userId: user.id, email: user.email } : null, visitorIdFrom(request)),
);
