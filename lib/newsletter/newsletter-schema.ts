import * as z from "zod/mini";
import { emailSchema } from "../email/email-address";

// POST /api/newsletter parses this; the footer form checks the same rule (emailProblem).
export const newsletterSubscriptionSchema = z.object({
  email: emailSchema,
  source: z._default(z.enum(["footer", "campaign"]), "footer"),
});

export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

/** What POST /api/newsletter answers inside `{ data }` (a repeated address too). */
export const newsletterSubscribedSchema = z.object({ subscribed: z.literal(true) });

export type NewsletterSubscribed = z.output<typeof newsletterSubscribedSchema>;
