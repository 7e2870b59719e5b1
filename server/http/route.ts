import "server-only";
import type * as z from "zod/mini";
import type { AuthUser } from "../auth/auth-user";
import {
  ApiError,
  FRESH_SIGN_IN_REQUIRED_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  NO_TOKEN_MESSAGE,
  OPERATORS_ONLY_MESSAGE,
  errorResponse,
} from "./api-error";
import { credentialsPresent, readCredential } from "./credentials";
import { routeAdmission, type AdmissionLimits, type RouteAdmission } from "./admission";
import { isSafeMethod, isSameOriginRequest } from "./origin";
import { takeRateLimits, type RateLimit, type RouteRateLimit } from "./rate-limit";
import { buildAnswer, responseCookieJar, type Answer, type AnswerResult, type ResponseCookieJar } from "./route-answer";
import { parseAddressAndQuery, parseBody } from "./route-input";

// route(): the wrapper every API route answers through, with the options, context and dependencies it takes.

/** "operator": D17, only a signed-in operator whose session is live; anyone else gets 403. */
export type AuthMode = "none" | "optional" | "required" | "operator";
export type TokenVerifier = (token: string) => Promise<AuthUser>;

type Schema = z.core.$ZodType | undefined;
type Parsed<S extends Schema, Fallback = undefined> = S extends z.core.$ZodType ? z.output<S> : Fallback;
type UserFor<A extends AuthMode> = A extends "required" | "operator" ? AuthUser : A extends "optional" ? AuthUser | null : null;

/** What a rate limit's `per` may take its key from. */
export type RateLimitContext<B extends Schema, Q extends Schema, P extends Schema, A extends AuthMode> = Pick<
  RouteContext<B, Q, P, A>,
  "body" | "query" | "params" | "user"
>;

export type RouteOptions<B extends Schema, Q extends Schema, P extends Schema, A extends AuthMode, R extends Answer> = {
  body?: B;
  query?: Q;
  params?: P;
  auth?: A;
  /**
   * Money, identity and linking routes: a token's session must still exist (one query), so a
   * member who signed out or was deleted is refused (401) before their token expires. Without it
   * the token's signature and expiry are enough.
   */
  liveSession?: boolean;
  /**
   * D17 money actions (with `auth: "operator"` only): the operator must have entered their
   * password again within the last 10 minutes in this session, else 403 `fresh_sign_in_required`
   * before anything else is read or changed.
   */
  fresh?: boolean;
  /**
   * A public read that is the same for every visitor and already up to a second behind (publicRead):
   * a successful answer may be kept by a shared cache in front of the app for a second, and served a
   * little stale while it asks again, so a crowd reading it costs the app a request a second. Only
   * with `auth: "none"` (nothing in it depends on who asks); errors are never kept.
   */
  sharedCache?: boolean;
  /** Largest accepted request body in bytes (default 16 KiB). */
  maxBodyBytes?: number;
  /** Status for a successful response (default 200; 303 for a redirect). */
  status?: number;
  /**
   * Requests allowed per window (server/http/rate-limits.ts). Without `per` a limit counts per client
   * address, before the body is read; with `per` it counts per a key taken from the request's context
   * once the body is parsed (an email address in it, say, or the signed-in account's id). A limit with
   * `onCacheMiss` is taken only when the handler calls `ctx.cacheMiss()`.
   */
  rateLimits?: RouteRateLimit<RateLimitContext<B, Q, P, A>>[];
  /**
   * Bounds the requests doing this route's work at once in the process (after the Origin check and
   * the address's and query's parsing, before anything reads the database): past its places and
   * waiting places the request is answered at once with 503 `busy` and Retry-After, having done
   * nothing, rather than waiting in the database pool's queue until it times out. A request once
   * admitted is never turned away.
   */
  admission?: RouteAdmission;
  /** Also send the error text as `message` (for clients that read that field). */
  errorMessageField?: boolean;
  /**
   * Required. The shared schema of the answer's `data` (lib/<domain>/*-schema(s).ts), the one the browser parses
   * with: the handler must return its input shape, and the answer is parsed with it, so nothing else leaves.
   * A route that does not answer JSON says which it is instead: "image", "csv", "video" or "redirect".
   */
  response: R;
};

/** What a handler may return: the response schema's input shape, an image Response, or a redirect's URL. */
export type RouteResult<R extends Answer> = AnswerResult<R>;

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** A route handler as Next calls it, carrying the answer it declared (read by the route inventory test). */
export type RouteHandler = ((request: Request, context?: NextRouteContext) => Promise<Response>) & { response: Answer };

export type RouteContext<B extends Schema, Q extends Schema, P extends Schema, A extends AuthMode> = {
  request: Request;
  requestId: string;
  body: Parsed<B>;
  query: Parsed<Q>;
  params: Parsed<P, Record<string, string | string[] | undefined>>;
  user: UserFor<A>;
  /** Cookies to set on a successful answer. */
  cookies: ResponseCookieJar;
  /**
   * The answer could not be served from a cache and is about to be made: takes the route's
   * `onCacheMiss` rate limits (once per request, however often it is called); over one it throws 429.
   */
  cacheMiss: () => Promise<void>;
};

export type RouteDependencies = {
  verifyToken: TokenVerifier;
  requireLiveSession: (user: AuthUser) => Promise<void>;
  /** Whether the user is an operator now, in a session that is still live (D17). */
  isOperator: (user: AuthUser) => Promise<boolean>;
  /** Whether the operator confirmed their password in this session within the last 10 minutes (D17). */
  isFreshSignIn: (user: AuthUser) => Promise<boolean>;
  allowedOrigins: () => readonly string[];
  enforceRateLimit: (request: Request, limit: RateLimit, key?: string) => Promise<void>;
  logError: (message: string, fields: Record<string, unknown>) => void;
  /** The admission limits a route's `admission` does not set (the environment's); without it, FALLBACK_ADMISSION. */
  admissionLimits?: () => AdmissionLimits;
};

/**
 * D17: a visitor, a member, a stale token and an operator whose role or session ended are refused
 * alike (403), so the answer says nothing about why; the role is read from the database each time.
 */
async function authenticateOperator(request: Request, deps: RouteDependencies): Promise<AuthUser> {
  const refused = () => new ApiError("forbidden", OPERATORS_ONLY_MESSAGE);
  const credential = readCredential(request);
  if (!credential) throw refused();
  const user = await deps.verifyToken(credential.token).catch((error: unknown) => {
    throw error instanceof ApiError ? refused() : error;
  });
  if (!(await deps.isOperator(user))) throw refused();
  return user;
}

async function authenticate(request: Request, mode: AuthMode, liveSession: boolean, deps: RouteDependencies): Promise<AuthUser | null> {
  if (mode === "none") return null;
  if (mode === "operator") return authenticateOperator(request, deps);
  const credential = readCredential(request);
  if (!credential) {
    if (mode === "required") throw new ApiError("unauthorized", NO_TOKEN_MESSAGE);
    return null;
  }
  const user = await deps.verifyToken(credential.token);
  if (liveSession) await deps.requireLiveSession(user);
  return user;
}

/** route({ sharedCache: true })'s successful answers: a shared cache keeps them a second (never the browser). */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=1, stale-while-revalidate=5";

/**
 * Builds the route wrapper (DESIGN §3): the Origin check for every write (whatever the route's auth:
 * sign-out reads the session cookie without asking for a user), input parsing with zod
 * (route-input.ts), authentication, the { data } envelope shaped by the route's response schema,
 * cookies, and the error mapping. Handlers return plain data and never build responses by hand (an
 * image route's picture aside); they throw ApiError.
 */
export function createRoute(deps: RouteDependencies) {
  return function route<
    B extends Schema = undefined,
    Q extends Schema = undefined,
    P extends Schema = undefined,
    A extends AuthMode = "none",
    R extends Answer = never,
  >(
    options: RouteOptions<B, Q, P, A, R>,
    handler: (ctx: RouteContext<B, Q, P, A>) => RouteResult<R> | Promise<RouteResult<R>>,
  ): RouteHandler {
    if (!options.response) throw new Error('route() needs `response`: the answer\'s schema, or "image", "csv", "video" or "redirect"');
    if (options.fresh && options.auth !== "operator")
      throw new Error('route({ fresh: true }) is for operator routes: use it with auth: "operator"');
    if (options.sharedCache && (options.auth ?? "none") !== "none")
      throw new Error('route({ sharedCache: true }) is for answers that are the same for everyone: use it with auth: "none"');
    const admit = options.admission ? routeAdmission(options.admission, deps.admissionLimits) : undefined;
    async function handle(request: Request, context?: NextRouteContext): Promise<Response> {
      const requestId = crypto.randomUUID();
      const headers = { "x-request-id": requestId, "cache-control": "no-store" };
      let release: (() => void) | undefined;
      try {
        if (!isSafeMethod(request.method) && !isSameOriginRequest(request, deps.allowedOrigins(), credentialsPresent(request))) {
          throw new ApiError("origin_mismatch", "This request must come from the site itself.");
        }
        if (admit) release = await admit(request);

        const user = await authenticate(request, options.auth ?? "none", options.liveSession ?? false, deps);
        if (options.fresh && !(await deps.isFreshSignIn(user!))) {
          throw new ApiError("fresh_sign_in_required", FRESH_SIGN_IN_REQUIRED_MESSAGE);
        }
        // The address and query are read only for someone who may ask: a visitor probing an
        // operator route learns it is refused, not which addresses it would take.
        const rawParams = (await context?.params) ?? {};
        const { params, query } = parseAddressAndQuery(request, rawParams, options);

        const limits = options.rateLimits ?? [];
        const perAddress = limits.filter((limit) => !limit.per && !limit.onCacheMiss);
        const perKey = limits.filter((limit) => limit.per && !limit.onCacheMiss);
        const onCacheMiss = limits.filter((limit) => limit.onCacheMiss);
        await takeRateLimits(request, perAddress, undefined, deps.enforceRateLimit);

        const body = await parseBody(request, options.body, options.maxBodyBytes);
        const limitContext = { body, query, params, user } as RateLimitContext<B, Q, P, A>;
        await takeRateLimits(request, perKey, limitContext, deps.enforceRateLimit);
        let missTaken: Promise<void> | undefined;
        const cacheMiss = () => (missTaken ??= takeRateLimits(request, onCacheMiss, limitContext, deps.enforceRateLimit));

        const { jar, written } = responseCookieJar();
        const ctx = { request, requestId, body, query, params, user, cookies: jar, cacheMiss } as RouteContext<B, Q, P, A>;
        const result = await handler(ctx);
        const answerHeaders = options.sharedCache ? { ...headers, "cache-control": SHARED_CACHE_CONTROL } : headers;
        return buildAnswer(options.response, result, { status: options.status, headers: answerHeaders, cookies: written, requestId });
      } catch (error) {
        if (error instanceof ApiError) return errorResponse(error, headers, options.errorMessageField);
        deps.logError("Unhandled error in route handler", {
          requestId,
          method: request.method,
          path: new URL(request.url).pathname,
          error,
        });
        return errorResponse(new ApiError("internal", GENERIC_ERROR_MESSAGE), headers, options.errorMessageField);
      } finally {
        release?.();
      }
    }
    return Object.assign(handle, { response: options.response });
  };
}
