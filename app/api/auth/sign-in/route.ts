// POST /api/auth/sign-in - email + password; sets the session cookies.
import { signInSchema, signedInSchema } from "@/lib/auth/auth-schemas";
import { signInLimits } from "@/server/http/rate-limits";
import { signInWithPassword } from "@/server/accounts/password-session";
import { route } from "@/server/http";

export const POST = route({ body: signInSchema, maxBodyBytes: 4096, rateLimits: signInLimits, response: signedInSchema }, ({ body }) =>
  signInWithPassword(body),
);
