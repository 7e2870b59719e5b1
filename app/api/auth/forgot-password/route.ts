// POST /api/auth/forgot-password - email a password-reset link.
import { emailOnlySchema } from "@/lib/schemas/auth";
import { sendPasswordReset } from "@/server/accounts/email-links";
import { authEmailsPerAddress, authEmailsPerClient } from "@/server/accounts/limits";
import { enforceRateLimit } from "@/server/http/rate-limit";
import { route } from "@/server/http";

export const POST = route({ body: emailOnlySchema, maxBodyBytes: 4096, rateLimit: authEmailsPerClient }, async ({ request, body }) => {
  await enforceRateLimit(request, authEmailsPerAddress, body.email);
  return sendPasswordReset(body.email);
});
