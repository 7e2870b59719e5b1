// POST /api/auth/sign-in - email + password; sets the session cookies.
import { signInSchema } from "@/lib/schemas/auth";
import { signInWithPassword } from "@/server/accounts/password-session";
import { signInPerAccount, signInPerClient } from "@/server/accounts/limits";
import { enforceRateLimit } from "@/server/http/rate-limit";
import { route } from "@/server/http";

export const POST = route({ body: signInSchema, maxBodyBytes: 4096, rateLimit: signInPerClient }, async ({ request, body }) => {
  await enforceRateLimit(request, signInPerAccount, body.email);
  return signInWithPassword(body);
});
