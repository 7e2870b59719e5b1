// POST /api/operator/fresh-sign-in - the operator's password again: money actions for 10 minutes in this session.
import { freshSignInResultSchema, freshSignInSchema } from "@/lib/operator/fresh-sign-in-schemas";
import { route } from "@/server/http";
import { freshSignInLimits } from "@/server/http/rate-limits";
import { confirmFreshSignIn } from "@/server/operator/fresh-sign-in";

export const POST = route(
  { auth: "operator", body: freshSignInSchema, maxBodyBytes: 4096, rateLimits: freshSignInLimits, response: freshSignInResultSchema },
  ({ user, body, request }) => confirmFreshSignIn(user, body.password, request),
);
