// POST /api/newsletter - D6: keep a newsletter sign-up (a repeated address is fine).
import { newsletterSubscribedSchema, newsletterSubscriptionSchema } from "@/lib/newsletter/newsletter-schema";
import { route } from "@/server/http";
import { newsletterLimits } from "@/server/http/rate-limits";
import { subscribeToNewsletter } from "@/server/newsletter/subscribe";

export const POST = route(
  {
    body: newsletterSubscriptionSchema,
    maxBodyBytes: 2048,
    rateLimits: newsletterLimits,
    response: newsletterSubscribedSchema,
  },
  ({ body }) => subscribeToNewsletter(body),
);
