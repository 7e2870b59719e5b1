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
};

/** The `{ data }` envelope every successful answer comes in. */
const dataEnvelope = <S extends z.ZodMiniType>(schema: S) => z.object({ data: schema });

/**
 * Calls the product API: `data` of a `{ data }` answer, parsed with `schema`. Every failure is an
 * ApiRequestError: without a needed token (SPEC §6 'No authentication token available'), without
 * an answer (status 0), with the server's error (SPEC §8), or with an answer of another shape.
 */
export async function apiRequest<S extends z.ZodMiniType>(request: ApiRequest<S>): Promise<z.output<S>> {
  const { method = "GET", path, body, auth = "none", bearer, schema, signal } = request;
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
  const parsed = dataEnvelope(schema).safeParse(payload);
  if (!parsed.success) {
    const message = request.malformed ?? request.fallback ?? `API request failed: unexpected answer from ${method} ${path}`;
    throw new ApiRequestError(message, response.status, { cause: parsed.error });
  }
  // The envelope's type is spelled out here: TypeScript cannot follow `data` through a generic object.
  return (parsed.data as { data: z.output<S> }).data;
}
