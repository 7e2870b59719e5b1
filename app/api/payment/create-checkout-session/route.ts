// POST /api/payment/create-checkout-session - hold a cohort seat and open Stripe Checkout.
import { checkoutSessionCreatedSchema, checkoutSessionRequestSchema } from "@/lib/payments/checkout-schemas";
import { route } from "@/server/http";
import { createCheckoutSession } from "@/server/payments/checkout-session";
import { visitorIdFrom } from "@/server/referrals/visitor-cookie";

export const POST = route(
  {
    body: checkoutSessionRequestSchema,
    auth: "optional",
    liveSession: true,
    maxBodyBytes: 32 * 1024,
    // Per client address: a buyer needs a few tries at most; each checkout opens a Stripe session.
    rateLimits: [
      { name: "checkout-session", limit: 10, windowSeconds: 600 },
      { name: "checkout-session-day", limit: 50, windowSeconds: 86_400 },
    ],
    response: checkoutSessionCreatedSchema,
  },
  async ({ body, user, request }) => createCheckoutSession(body, user ? { userId: user.id, email: user.email } : null, visitorIdFrom(request)),
);
