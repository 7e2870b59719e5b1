import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthMailer } from "./auth-mailer";
import type { JsonBody } from "./auth-http";
import type { FlowStore } from "./flow-store";
import type { RateLimiter } from "./rate-limiter";
import type { SessionStore } from "./session-store";
import type { SigningKey } from "./signing-key";
import type { UserStore } from "./user-store";

export type AuthConfig = {
  /** Where the app lives; redirect_to must be on this origin. */
  siteUrl: string;
  /** This service's own base URL as browsers reach it (links in emails, the consent page). */
  publicUrl: string;
  /** The `iss` claim: `<publicUrl>/auth/v1`. */
  issuer: string;
  anonKey: string;
  serviceRoleKey: string;
  /**
   * GOTRUE_SECURITY_SB_FORWARDED_FOR_ENABLED ("IP Address Forwarding" in a Supabase project): a
   * request made with the secret key may name the end user's address in Sb-Forwarded-For, and the
   * per-address limits count that address instead of the caller's.
   */
  sbForwardedForEnabled: boolean;
};

/** Everything a route needs, built once per server. */
export type AuthContext = {
  config: AuthConfig;
  users: UserStore;
  sessions: SessionStore;
  flows: FlowStore;
  key: SigningKey;
  mailer: AuthMailer;
  limiter: RateLimiter;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  now: () => number;
};

export type RequestContext = {
  auth: AuthContext;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  ip: string;
  /** Which API key the request carried (open routes carry none). */
  role: "anon" | "service_role" | "none";
  body: () => Promise<JsonBody>;
};

export type Route = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path below /auth/v1, or a pattern whose groups are passed to the handler. */
  path: string | RegExp;
  /** Served without an apikey (links followed by a browser), as Supabase's gateway does. */
  open?: boolean;
  handle: (rc: RequestContext, params: string[]) => Promise<void>;
};
