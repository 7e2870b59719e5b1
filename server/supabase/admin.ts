import "server-only";
import { createClient } from "@supabase/supabase-js";
import { WebSocketTransport } from "./websocket-transport";
import { publicEnv } from "@/lib/public-env";
import { serverEnv } from "../env";

/** A service-role client for admin calls. Server-only; never keeps or reads a user session. */
export function createAdminClient() {
  return createClient(publicEnv.supabaseUrl, serverEnv().SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocketTransport },
  });
}
