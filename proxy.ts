import { NextResponse, type NextRequest } from "next/server";
import { updateSession } from "@/server/supabase/update-session";

const PROTECTED = ["/dashboard"];

/** Keeps the Supabase session fresh and sends signed-out visitors of /dashboard to /auth. */
export async function proxy(request: NextRequest) {
  const { response, signedIn } = await updateSession(request);
  const { pathname, search } = request.nextUrl;
  if (!signedIn && PROTECTED.some((path) => pathname === path || pathname.startsWith(`${path}/`))) {
    const target = request.nextUrl.clone();
    target.pathname = "/auth";
    target.search = "";
    target.searchParams.set("next", `${pathname}${search}`);
    const redirect = NextResponse.redirect(target);
    for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
    return redirect;
  }
  return response;
}

export const config = {
  // Only where a session matters: the account pages. Marketing pages and assets stay untouched,
  // so they remain static and fast.
  matcher: ["/dashboard/:path*", "/auth/:path*", "/auth", "/auth-callback", "/verify", "/verify-email", "/user-info", "/payment", "/payment-success"],
};
