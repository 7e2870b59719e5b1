import { NextResponse, type NextRequest } from "next/server";
import { publicEnv } from "@/lib/public-env";
import { contentSecurityPolicy, createNonce } from "@/server/http/content-security-policy";
import { prerenderedPages } from "@/server/http/prerendered-pages";
import { nextWithHeaders, updateSession } from "@/server/supabase/update-session";
import { apiErrorEnvelopeSchema, type ApiErrorEnvelope } from "@/lib/api/api-error-envelope";

// Pages where a session matters: it is refreshed there, and /dashboard wants one. /operator answers
// 404 to anyone but an operator (its pages check, D17), so it never redirects to /auth.
const ACCOUNT_PAGES = [
  "/dashboard",
  "/auth",
  "/auth-callback",
  "/verify",
  "/verify-email",
  "/user-info",
  "/payment",
  "/payment-success",
  "/operator",
];
const PROTECTED = ["/dashboard"];
const NOT_FOUND_PAGE = "/_not-found";
// The page that loads Telegram's login widget.
const TELEGRAM_WIDGET_PAGE = "/telegram-widget-test";

const under = (pathname: string, paths: readonly string[]) => paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * The page's policy and, for a page rendered now, the nonce Next puts on its scripts. A page served
 * as built (marketing pages) carries no nonce, so its policy names its inline scripts' hashes and
 * the page stays static; any other page gets a fresh nonce (plus the prerendered not-found page's
 * hashes, which answers unknown addresses).
 */
async function pagePolicy(pathname: string): Promise<{ policy: string; nonce?: string }> {
  const pages = publicEnv.development ? new Map<string, readonly string[]>() : await prerenderedPages();
  const options = {
    siteUrl: publicEnv.siteUrl,
    supabaseUrl: publicEnv.supabaseUrl,
    promoVideoUrl: publicEnv.promoVideoUrl,
    development: publicEnv.development,
    telegramLogin: pathname === TELEGRAM_WIDGET_PAGE,
  };
  const hashes = pages.get(pathname.replace(/(.)\/+$/, "$1"));
  if (hashes) return { policy: contentSecurityPolicy({ ...options, scriptSources: hashes }) };
  const nonce = createNonce();
  return {
    policy: contentSecurityPolicy({ ...options, scriptSources: [`'nonce-${nonce}'`, ...(pages.get(NOT_FOUND_PAGE) ?? [])] }),
    nonce,
  };
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // An address that cannot be percent-decoded (/api/cohorts/%ZZ) would fail in the framework's own
  // decoding with a bare 500: it is a bad request, answered here.
  if (!isDecodable(pathname)) {
    const body: ApiErrorEnvelope = { error: "The address is not valid (malformed percent-encoding).", code: "bad_request" };
    return NextResponse.json(apiErrorEnvelopeSchema.parse(body), { status: 400, headers: { "cache-control": "no-store" } });
  }
  if (under(pathname, ["/api"])) return NextResponse.next();

  const { policy, nonce } = await pagePolicy(pathname);
  // Next reads the nonce from the request's policy and puts it on the scripts it renders.
  const requestHeaders: Record<string, string> = nonce ? { "content-security-policy": policy } : {};
  if (!under(pathname, ACCOUNT_PAGES)) {
    const response = nextWithHeaders(request, requestHeaders);
    response.headers.set("content-security-policy", policy);
    return response;
  }

  const { response, signedIn } = await updateSession(request, requestHeaders);
  if (!signedIn && under(pathname, PROTECTED)) {
    const target = request.nextUrl.clone();
    target.pathname = "/auth";
    target.search = "";
    target.searchParams.set("next", `${pathname}${search}`);
    const redirect = NextResponse.redirect(target);
    for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
    return redirect;
  }
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Every page (for its Content-Security-Policy) and /api (for the address check); sessions are
  // refreshed only on account pages. The proxy adds headers and never renders, so static pages stay
  // static. Built assets are left alone.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
