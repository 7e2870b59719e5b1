import "server-only";
import { createServerClient, type CookieOptions } from "@supabase/ssr";
import { cookies, headers } from "next/headers";
import { NextRequest } from "next/server";
import { WebSocketTransport } from "./websocket-transport";
import { publicEnv } from "@/lib/public-env";
import { sessionCookieOptions } from "@/lib/auth/session-cookie";
import { serverEnv } from "../env";
import { clientAddress } from "../http/client-address";
import type { ResponseCookieJar } from "../http/route-answer";

/** One browser's cookies as this request sees them: what a server client reads and writes (Next's `cookies()`, or a jar). */
export type CookieJar = {
  getAll(): { name: string; value: string }[];
  set(name: string, value: string, options?: CookieOptions): void;
};

/**
 * A Supabase client over one request's session cookies. With `forwardFor` (the visitor's trusted
 * address) it calls the auth service with the secret key and Sb-Forwarded-For, the way Supabase
 * lets a server act for its visitor, so the service's per-address limits count the visitor and
 * not our server (D13). Such a client is for auth calls only: without a session, data queries made
 * with the secret key would bypass row-level security.
 */
export function createSessionClient(store: CookieJar, forwardFor: string | null = null) {
  return createServerClient(publicEnv.supabaseUrl, forwardFor ? serverEnv().SUPABASE_SERVICE_ROLE_KEY : publicEnv.supabaseAnonKey, {
    cookies: {
      getAll: () => store.getAll(),
      setAll(cookiesToSet: { name: string; value: string; options: CookieOptions }[]) {
        try {
          for (const { name, value, options } of cookiesToSet) store.set(name, value, options);
        } catch {
          // Server Components cannot set cookies; the proxy refreshes the session instead.
        }
      },
    },
    cookieOptions: sessionCookieOptions(publicEnv.siteUrl),
    ...(forwardFor ? { global: { headers: { "sb-forwarded-for": forwardFor } } } : {}),
    // On Node 20 supabase-js needs a WebSocket implementation to construct at all.
    realtime: { transport: WebSocketTransport },
  });
}

/**
 * A Supabase client for this request (Server Components, Route Handlers, Server Actions), reading
 * and writing the session cookies: those of `cookies()`, or of the jar a route handler built from
 * its request. One per request: never share it between requests.
 */
export async function createClient(jar?: CookieJar) {
  return createSessionClient(jar ?? (await cookies()));
}

/**
 * For the auth calls made on a visitor's behalf (sign-in, sign-up, email links, sign-out): the
 * request's visitor address goes along. Given a jar (a caller outside Next's request scope), the
 * client uses it and forwards no address.
 */
export async function createAuthClient(jar?: CookieJar) {
  if (jar) return createSessionClient(jar);
  const [store, requestHeaders] = await Promise.all([cookies(), headers()]);
  return createSessionClient(store, clientAddress(requestHeaders));
}

/**
 * For a route handler that answers other than through Next's `cookies()` (a redirect route): a jar
 * over the request's cookies whose writes go on the route's answer (`cookies` of its context) and
 * are seen by later reads.
 */
export function requestCookieJar(request: Request, answer: ResponseCookieJar): CookieJar {
  // Only the URL and headers: the body is not needed.
  const current = new Map(
    new NextRequest(request.url, { headers: request.headers }).cookies.getAll().map(({ name, value }) => [name, value]),
  );
  return {
    getAll: () => [...current].map(([name, value]) => ({ name, value })),
    set(name, value, options) {
      if (value === "" || options?.maxAge === 0) current.delete(name);
      else current.set(name, value);
      answer.set(name, value, options);
    },
  };
}
