// GET /auth/google?next=/path[&verify=true][&back=/path] - start Google sign-in; comes back to /auth/callback with a code.
import { NextResponse } from "next/server";
import { googleSignInUrl } from "@/server/accounts/google-sign-in";

export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const start = { next: query.get("next") ?? undefined, verify: query.get("verify") === "true", back: query.get("back") ?? undefined };
  return NextResponse.redirect(await googleSignInUrl(start), 303);
}
