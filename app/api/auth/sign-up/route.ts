// POST /api/auth/sign-up - create an account; the confirmation link arrives by email.
import { signUpSchema, signUpStartedSchema } from "@/lib/auth/auth-schemas";
import { authEmailLimits } from "@/server/http/rate-limits";
import { signUpWithPassword } from "@/server/accounts/password-session";
import { route } from "@/server/http";

export const POST = route(
  { body: signUpSchema, maxBodyBytes: 4096, rateLimits: authEmailLimits, response: signUpStartedSchema },
  ({ body }) => signUpWithPassword(body),
);
