// POST /api/auth/forgot-password - email a password-reset link.
import { emailLinkSentSchema, forgotPasswordSchema } from "@/lib/auth/auth-schemas";
import { sendPasswordReset } from "@/server/accounts/email-link-requests";
import { authEmailLimits } from "@/server/http/rate-limits";
import { route } from "@/server/http";

export const POST = route(
  { body: forgotPasswordSchema, maxBodyBytes: 4096, rateLimits: authEmailLimits, response: emailLinkSentSchema },
  ({ body }) => sendPasswordReset(body.email),
);
