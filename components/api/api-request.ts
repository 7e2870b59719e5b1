import type { z } from "zod";
import { authMessages } from "@/lib/auth/auth-messages";
import { readAccessToken, type TokenNeed } from "./access-token";
import { ApiRequestError, apiRequestError } from "./api-request-error";

export type ApiRequest<S extends z.ZodType> = {
  method?: "GET" | "POST";
  /** A path on the product API, query string included. */
  path: `/api/${string}`;
  /** Sent as JSON. */
  body?: unknown;
  /** Whether the access token goes along as a Bearer header (default: none; the session cookie always does). */
  auth?: TokenNeed | "none";
  /** A token the caller holds itself (the edit-post page's own session), sent instead of reading one. */
  bearer?: string | null;
  /**
   * The shared schema of the answer's `data` (lib/<domain>/*-schema(s).ts): what the route shapes its
   * output with. Or a function loading it (`() => import(...)`): a page whose first screen arrives
   * rendered then paints and hydrates without the schema library, which loads while the call is out.
   */
  schema: S | (() => Promise<S>);
  /** SPEC §8: the message when the server gives none (default 'API request failed: {status} {statusText}'). */
  fallback?: string;
  /** The message when no answer arrives at all (default: fallback). */
  unreachable?: string;
  /** The message when the answer is not the shape the schema expects (default: fallback). */
  malformed?: string;
  signal?: AbortSignal;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Calls the product API: `data` of a `{ data }` answer, parsed with `schema`. Every failure is an
 * ApiRequestError: without a needed token (SPEC §6 'No authentication token available'), without
 * an answer (status 0), with the server's error (SPEC §8), or with an answer of another shape.
 */
export async function apiRequest<S extends z.ZodType>(request: ApiRequest<S>): Promise<z.output<S>> {
  const { method = "GET", path, body, auth = "none", bearer, signal } = request;
  const schema = typeof request.schema === "function" ? request.schema() : request.schema;
  // A schema still loading when the call fails is not this call's error to report.
  if (schema instanceof Promise) schema.catch(() => {});
  const unreachable = request.unreachable ?? request.fallback ?? `API request failed: no answer from ${method} ${path}`;
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  else if (auth !== "none") {
    const token = await readAccessToken(auth);
    if (token) headers.authorization = `Bearer ${token}`;
    else if (auth === "required") throw new ApiRequestError(authMessages.noToken, 401, { code: "unauthorized" });
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(unreachable, 0, { cause: error });
  }

  if (!response.ok) {
    throw await apiRequestError(response, request.fallback ?? `API request failed: ${response.status} ${response.statusText}`);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  let answer: S;
  try {
    answer = await schema;
  } catch (error) {
    // The schema's script did not arrive (the connection dropped): as good as no answer.
    throw new ApiRequestError(unreachable, 0, { cause: error });
  }
  const parsed = isRecord(payload) && "data" in payload ? answer.safeParse(payload.data) : null;
  if (!parsed?.success) {
    const message = request.malformed ?? request.fallback ?? `API request failed: unexpected answer from ${method} ${path}`;
    throw new ApiRequestError(message, response.status, { cause: parsed?.error ?? new Error("The answer is not a { data } envelope.") });
  }
  return parsed.data;
}
