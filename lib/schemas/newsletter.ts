import { z } from "zod";
import { EMAIL_REQUIRED_MESSAGE, emailProblem, normaliseEmail } from "../email-address";

/** An email address as people type it; stored trimmed and lower-cased. */
export const emailSchema = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform(normaliseEmail);

// POST /api/newsletter parses this; the footer form checks the same rule (emailProblem).
export const newsletterSubscriptionSchema = z.object({
  email: emailSchema,
  source: z.enum(["footer", "campaign"]).default("footer"),
});

export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;
