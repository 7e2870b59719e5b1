import "server-only";
import { createServerClient, type CookieOptions } from "@supabase/ssr";
import { cookies } from "next/headers";
import type { NextRequest, NextResponse } from "next/server";
import { WebSocketTransport } from "./websocket-transport";
import { publicEnv } from "@/lib/public-env";

/** One browser's cookies as this request sees them: what a server client reads and writes. */
export type CookieJar = {
  getAll(): { name: string; value: string }[];
  set(name: string, value: string, options?: CookieOptions): void;
};

/**
 * A Supabase client for this request (Server Components, Route Handlers, Server Actions), reading
 * and writing the session cookies: those of `cookies()`, or of the jar a route handler built from
 * its request. One per request: never share it between requests.
 */
export async function createClient(jar?: CookieJar) {
  const cookieStore: CookieJar = jar ?? (await cookies());
  return createServerClient(publicEnv.supabaseUrl, publicEnv.supabaseAnonKey, {
    cookies: {
      getAll: () => cookieStore.getAll(),
      setAll(cookiesToSet: { name: string; value: string; options: CookieOptions }[]) {
        try {
          for (const { name, value, options } of cookiesToSet) cookieStore.set(name, value, options);
        } catch {
          // Server Components cannot set cookies; the proxy refreshes the session instead.
        }
      },
    },
    // On Node 20 supabase-js needs a WebSocket implementation to construct at all.
    realtime: { transport: WebSocketTransport },
  });
}

/**
 * For a route handler that answers with a response of its own (a redirect): a jar over the
 * request's cookies that keeps what the client writes, to be put on that response.
 */
export function requestCookieJar(request: NextRequest): { jar: CookieJar; applyTo: (response: NextResponse) => NextResponse } {
  const current = new Map(request.cookies.getAll().map(({ name, value }) => [name, value]));
  const written: { name: string; value: string; options?: CookieOptions }[] = [];
  const jar: CookieJar = {
    getAll: () => [...current].map(([name, value]) => ({ name, value })),
    set(name, value, options) {
      if (value === "" || options?.maxAge === 0) current.delete(name);
      else current.set(name, value);
      written.push({ name, value, options });
    },
  };
  const applyTo = (response: NextResponse) => {
    for (const { name, value, options } of written) response.cookies.set(name, value, options);
    return response;
  };
  return { jar, applyTo };
}
