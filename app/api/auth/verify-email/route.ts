// POST /api/auth/verify-email - validate or complete an account set-up link (no token; errors carry `message`).
import { verifyEmailResultSchema, verifyEmailSchema } from "@/lib/auth/verify-email-schemas";
import { completeAccountSetup, validateAccountSetupLink } from "@/server/accounts/account-setup";
import { route } from "@/server/http";
import { verifyEmailLimits } from "@/server/http/rate-limits";

export const POST = route(
  {
    body: verifyEmailSchema,
    errorMessageField: true,
    rateLimits: verifyEmailLimits,
    response: verifyEmailResultSchema,
  },
  async ({ body }) => (body.action === "validate" ? validateAccountSetupLink(body.token, body.email) : completeAccountSetup(body)),
);
