import { createServerClient, type CookieOptions } from "@supabase/ssr";
import { NextResponse, type NextRequest } from "next/server";
import { publicEnv } from "@/lib/public-env";
import { sessionCookieOptions } from "@/lib/auth/session-cookie";
import { sessionClaims } from "../auth/verified-tokens";

/** Lets the request through with `extraHeaders` added to what the page sees of it. */
export function nextWithHeaders(request: NextRequest, extraHeaders: Record<string, string> = {}): NextResponse {
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
  return NextResponse.next({ request: { headers } });
}

/**
 * Refreshes the Supabase session for this request (rotating the cookies when the access token is
 * due) and tells the caller whether someone is signed in, verified with getClaims(). `extraHeaders`
 * go on to the page with the request (the Content-Security-Policy that carries its nonce).
 */
export async function updateSession(
  request: NextRequest,
  extraHeaders: Record<string, string> = {},
): Promise<{ response: NextResponse; signedIn: boolean }> {
  let response = nextWithHeaders(request, extraHeaders);
  const supabase = createServerClient(publicEnv.supabaseUrl, publicEnv.supabaseAnonKey, {
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll(cookiesToSet: { name: string; value: string; options: CookieOptions }[]) {
        for (const { name, value } of cookiesToSet) request.cookies.set(name, value);
        response = nextWithHeaders(request, extraHeaders);
        for (const { name, value, options } of cookiesToSet) response.cookies.set(name, value, options);
      },
    },
    cookieOptions: sessionCookieOptions(publicEnv.siteUrl),
  });
  const claims = await sessionClaims(supabase.auth);
  return { response, signedIn: Boolean(claims?.sub) };
}
