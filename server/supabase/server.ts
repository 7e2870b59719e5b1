import "server-only";
import { createServerClient, type CookieOptions } from "@supabase/ssr";
import { cookies, headers } from "next/headers";
import { WebSocketTransport } from "./websocket-transport";
import { publicEnv } from "@/lib/public-env";
import { sessionCookieOptions } from "@/lib/auth/session-cookie";
import { serverEnv } from "../env";
import { clientAddress } from "../http/client-address";

/** The part of a cookie store the Supabase client uses (Next's `cookies()`, or a test's jar). */
export type SessionCookieStore = {
  getAll(): { name: string; value: string }[];
  set(name: string, value: string, options: CookieOptions): void;
};

/**
 * A Supabase client over one request's session cookies. With `forwardFor` (the visitor's trusted
 * address) it calls the auth service with the secret key and Sb-Forwarded-For, the way Supabase
 * lets a server act for its visitor, so the service's per-address limits count the visitor and
 * not our server (D13). Such a client is for auth calls only: without a session, data queries made
 * with the secret key would bypass row-level security.
 */
export function createSessionClient(store: SessionCookieStore, forwardFor: string | null = null) {
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
 * and writing the session cookies. One per request: never share it between requests.
 */
export async function createClient() {
  return createSessionClient(await cookies());
}

/** For the auth calls made on a visitor's behalf (sign-in, sign-up, email links, sign-out). */
export async function createAuthClient() {
  const [store, requestHeaders] = await Promise.all([cookies(), headers()]);
  return createSessionClient(store, clientAddress(requestHeaders));
}
