// GET /auth/google?next=/path - start Google sign-in; comes back to /auth/callback with a code.
import { NextResponse } from "next/server";
import { googleSignInUrl } from "@/server/accounts/google-sign-in";

export async function GET(request: Request): Promise<Response> {
  const next = new URL(request.url).searchParams.get("next") ?? undefined;
  return NextResponse.redirect(await googleSignInUrl(next), 303);
}
