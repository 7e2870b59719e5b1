import { z } from "zod";
import { emailSchema } from "../email/email-schema";

// POST /api/newsletter parses this; the footer form checks the same rule (emailProblem).
export const newsletterSubscriptionSchema = z.object({
  email: emailSchema,
  source: z.enum(["footer", "campaign"]).default("footer"),
});

export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

/** What POST /api/newsletter answers inside `{ data }` (a repeated address too). */
export const newsletterSubscribedSchema = z.object({ subscribed: z.literal(true) });

export type NewsletterSubscribed = z.output<typeof newsletterSubscribedSchema>;
