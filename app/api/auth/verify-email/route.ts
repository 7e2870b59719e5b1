// POST /api/auth/verify-email - validate or complete an account set-up link (no token; errors carry `message`).
import { verifyEmailSchema } from "@/lib/schemas/verify-email";
import { completeAccountSetup, validateAccountSetupLink } from "@/server/accounts/account-setup";
import { route } from "@/server/http";

export const POST = route(
  {
    body: verifyEmailSchema,
    errorMessageField: true,
    rateLimits: [{ name: "verify-email-ip", limit: 30, windowSeconds: 600 }],
  },
  async ({ body }) => (body.action === "validate" ? validateAccountSetupLink(body.token, body.email) : completeAccountSetup(body)),
);
