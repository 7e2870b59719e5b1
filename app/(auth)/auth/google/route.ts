// GET /auth/google?next=/path[&verify=true][&back=/path] - start Google sign-in; comes back to /auth/callback with a code.
import { googleSignInUrl } from "@/server/accounts/google-sign-in";
import { route } from "@/server/http";

export const GET = route({ response: "redirect" }, async ({ request }) => {
  const query = new URL(request.url).searchParams;
  const start = { next: query.get("next") ?? undefined, verify: query.get("verify") === "true", back: query.get("back") ?? undefined };
  return new URL(await googleSignInUrl(start));
});
