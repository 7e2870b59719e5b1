// POST /api/auth/sign-in-link - email a one-time sign-in link to an existing account.
import { emailOnlySchema } from "@/lib/schemas/auth";
import { sendSignInLink } from "@/server/accounts/email-links";
import { authEmailsPerAddress, authEmailsPerClient } from "@/server/accounts/limits";
import { enforceRateLimit } from "@/server/http/rate-limit";
import { route } from "@/server/http";

export const POST = route({ body: emailOnlySchema, maxBodyBytes: 4096, rateLimit: authEmailsPerClient }, async ({ request, body }) => {
  await enforceRateLimit(request, authEmailsPerAddress, body.email);
  return sendSignInLink(body.email, body.next);
});
