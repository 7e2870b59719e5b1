// POST /api/auth/sign-in-link - email a one-time sign-in link to an existing account.
import { emailLinkSentSchema, signInLinkSchema } from "@/lib/auth/auth-schemas";
import { sendSignInLink } from "@/server/accounts/email-link-requests";
import { authEmailLimits } from "@/server/http/rate-limits";
import { route } from "@/server/http";

export const POST = route(
  { body: signInLinkSchema, maxBodyBytes: 4096, rateLimits: authEmailLimits, response: emailLinkSentSchema },
  ({ body }) => sendSignInLink(body.email, body.next),
);
