import * as z from "zod/mini";
import { authMessages } from "@/lib/auth/auth-messages";
import { readAccessToken, type TokenNeed } from "./access-token";
import { ApiRequestError, apiRequestError } from "./api-request-error";

export type ApiRequest<S extends z.ZodMiniType> = {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  /** A path on the product API, query string included. */
  path: `/api/${string}`;
  /** Sent as JSON. */
  body?: unknown;
  /** Whether the access token goes along as a Bearer header (default: none; the session cookie always does). */
  auth?: TokenNeed | "none";
  /** A token the caller holds itself (the edit-post page's own session), sent instead of reading one. */
  bearer?: string | null;
  /** The shared schema of the answer's `data` (lib/<domain>/): what the route shapes its output with. */
  schema: S;
  /** SPEC §8: the message when the server gives none (default 'API request failed: {status} {statusText}'). */
  fallback?: string;
  /** The message when no answer arrives at all (default: fallback). */
  unreachable?: string;
  /** The message when the answer is not the shape the schema expects (default: fallback). */
  malformed?: string;
  signal?: AbortSignal;
  /**
   * Opt-in, for a request the server may turn away before doing anything (503 `busy`, or 429, with
   * Retry-After): wait as long as it asks, with jitter, and send the same request again, at most
   * `attempts` more times. An answer asking for longer than `maxWaitSeconds` (a rate limit's minutes)
   * is not waited for: its error is thrown at once. Only for requests that are safe to send twice.
   */
  retryWhenBusy?: BusyRetry;
};

export type BusyRetry = {
  /** Further sends after the first (default 3). */
  attempts?: number;
  /** The longest Retry-After waited for, in seconds (default 10). */
  maxWaitSeconds?: number;
  /** Told as each wait begins: which further send follows it and how long it waits. */
  onBusy?: (wait: { attempt: number; delayMs: number }) => void;
  /** The jitter's source, in [0, 1): up to half the asked wait is added, so a crowd turned away together does not come back together. */
  random?: () => number;
};

const DEFAULT_BUSY_ATTEMPTS = 3;
const DEFAULT_BUSY_MAX_WAIT_SECONDS = 10;

/** Retry-After in seconds (a number of seconds or an HTTP date), or null without a usable one. */
export function retryAfterSeconds(response: Response, now = Date.now()): number | null {
  const value = response.headers.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** How long to wait before sending again, or null when the answer is not one to wait out. */
function busyWaitMs(response: Response, retry: BusyRetry): number | null {
  if (response.status !== 503 && response.status !== 429) return null;
  const seconds = retryAfterSeconds(response);
  if (seconds === null || seconds > (retry.maxWaitSeconds ?? DEFAULT_BUSY_MAX_WAIT_SECONDS)) return null;
  const base = Math.max(1, seconds) * 1000;
  return Math.round(base * (1 + 0.5 * (retry.random ?? Math.random)()));
}

/** Waits `ms`, or rejects as fetch does when `signal` aborts first. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** The `{ data }` envelope every successful answer comes in. */
const dataEnvelope = <S extends z.ZodMiniType>(schema: S) => z.object({ data: schema });

/**
 * Calls the product API: `data` of a `{ data }` answer, parsed with `schema`. Every failure is an
 * ApiRequestError: without a needed token (SPEC §6 'No authentication token available'), without
 * an answer (status 0), with the server's error (SPEC §8), or with an answer of another shape.
 */
export async function apiRequest<S extends z.ZodMiniType>(request: ApiRequest<S>): Promise<z.output<S>> {
  const { method = "GET", path, body, auth = "none", bearer, schema, signal, retryWhenBusy } = request;
  const unreachable = request.unreachable ?? request.fallback ?? `API request failed: no answer from ${method} ${path}`;
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  else if (auth !== "none") {
    const token = await readAccessToken(auth);
    if (token) headers.authorization = `Bearer ${token}`;
    else if (auth === "required") throw new ApiRequestError(authMessages.noToken, 401, { code: "unauthorized" });
  }

  // The same body each time: a request turned away was not taken in, so sending it again is safe.
  const init: RequestInit = {
    method,
    credentials: "same-origin",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  };
  let response: Response;
  for (let attempt = 1; ; attempt += 1) {
    try {
      response = await fetch(path, init);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiRequestError(unreachable, 0, { cause: error });
    }
    const delayMs =
      retryWhenBusy && attempt <= (retryWhenBusy.attempts ?? DEFAULT_BUSY_ATTEMPTS) ? busyWaitMs(response, retryWhenBusy) : null;
    if (delayMs === null) break;
    // The refused answer's body is not needed: dropped, so its connection is free for the next send.
    await response.body?.cancel().catch(() => {});
    retryWhenBusy?.onBusy?.({ attempt, delayMs });
    await wait(delayMs, signal);
  }

  if (!response.ok) {
    throw await apiRequestError(response, request.fallback ?? `API request failed: ${response.status} ${response.statusText}`);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  const parsed = dataEnvelope(schema).safeParse(payload);
  if (!parsed.success) {
    const message = request.malformed ?? request.fallback ?? `API request failed: unexpected answer from ${method} ${path}`;
    throw new ApiRequestError(message, response.status, { cause: parsed.error });
  }
  // The envelope's type is spelled out here: TypeScript cannot follow `data` through a generic object.
  return (parsed.data as { data: z.output<S> }).data;
}
