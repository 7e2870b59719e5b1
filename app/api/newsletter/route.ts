// POST /api/newsletter - D6: keep a newsletter sign-up (a repeated address is fine).
import { newsletterSubscribedSchema, newsletterSubscriptionSchema } from "@/lib/newsletter/newsletter-schema";
import { route } from "@/server/http";
import { subscribeToNewsletter } from "@/server/newsletter/subscribe";

export const POST = route(
  {
    body: newsletterSubscriptionSchema,
    maxBodyBytes: 2048,
    rateLimits: [{ name: "newsletter", limit: 10, windowSeconds: 600 }],
    response: newsletterSubscribedSchema,
  },
  ({ body }) => subscribeToNewsletter(body),
);
