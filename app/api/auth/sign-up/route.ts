// POST /api/auth/sign-up - create an account; the confirmation link arrives by email.
import { signUpSchema } from "@/lib/schemas/auth";
import { authEmailsPerAddress, authEmailsPerClient } from "@/server/accounts/limits";
import { signUpWithPassword } from "@/server/accounts/password-session";
import { enforceRateLimit } from "@/server/http/rate-limit";
import { route } from "@/server/http";

export const POST = route({ body: signUpSchema, maxBodyBytes: 4096, rateLimit: authEmailsPerClient }, async ({ request, body }) => {
  await enforceRateLimit(request, authEmailsPerAddress, body.email);
  return signUpWithPassword(body);
});
