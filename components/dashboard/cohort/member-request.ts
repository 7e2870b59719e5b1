"use client";

import type { z } from "zod";
import { createClient } from "@/components/auth/supabase-browser";
import { ApiRequestError, apiRequestError } from "@/components/query/api-error";
import { authMessages } from "@/lib/auth-messages";

type MemberRequest = {
  method?: "GET" | "POST";
  /** The message when the server gives none (SPEC §8). */
  fallback: string;
  signal?: AbortSignal;
};

/** SPEC §6: member calls carry the session's access token; without one they are not made. */
async function accessToken(): Promise<string> {
  const { data } = await createClient().auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new ApiRequestError(authMessages.noToken, 401, "unauthorized");
  return token;
}

/** A signed-in member's call: the `data` of a `{ data }` answer, or an ApiRequestError. */
export async function memberRequest(path: string, { method = "GET", fallback, signal }: MemberRequest): Promise<unknown> {
  const token = await accessToken();
  const response = await fetch(path, {
    method,
    headers: { accept: "application/json", authorization: `Bearer ${token}` },
    signal,
  });
  if (!response.ok) throw await apiRequestError(response, fallback);
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== "object" || body === null || !("data" in body)) throw new ApiRequestError(fallback, response.status);
  return body.data;
}

/** Parses a member call's data with `schema`; a shape it does not know is the call's failure. */
export function parseOrThrow<T>(schema: z.ZodType<T>, data: unknown, fallback: string): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiRequestError(fallback, 200);
  return parsed.data;
}
