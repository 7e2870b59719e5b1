import "server-only";
import { createServerClient, type CookieOptions } from "@supabase/ssr";
import { cookies } from "next/headers";
import { WebSocketTransport } from "./websocket-transport";
import { publicEnv } from "@/lib/public-env";

/**
 * A Supabase client for this request (Server Components, Route Handlers, Server Actions), reading
 * and writing the session cookies. One per request: never share it between requests.
 */
export async function createClient() {
  const cookieStore = await cookies();
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
