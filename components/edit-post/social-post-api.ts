"use client";

import { z } from "zod";
import { ApiRequestError, apiRequestError } from "@/components/query/api-error";
import { postMessages } from "@/lib/posts/post-messages";
import {
  regenerateResultSchema,
  shareResultSchema,
  socialPostSchema,
  type RegenerateResult,
  type ShareResult,
  type SocialPost,
} from "@/lib/posts/post-schemas";
import { editPostAccessToken } from "./edit-post-session";

// SPEC §7: the edit-post page's calls, and the only place it fetches. Each carries the session's
// token when there is one (SPEC §6); a failure throws the server's `error`, else the default.

type Call = { path: string; body?: unknown; fallback: string; signal?: AbortSignal };

async function call<T>(schema: z.ZodType<T>, { path, body, fallback, signal }: Call): Promise<T> {
  const accessToken = await editPostAccessToken();
  const headers: Record<string, string> = { accept: "application/json" };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, { method: body === undefined ? "GET" : "POST", headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(fallback, 0);
  }
  if (!response.ok) throw await apiRequestError(response, fallback);
  const parsed = z.object({ data: schema }).safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiRequestError(fallback, response.status);
  return parsed.data.data;
}

const postPath = (postId: string) => `/api/social-posts/${encodeURIComponent(postId)}`;

/** GET /api/social-posts/{id}?token= */
export function fetchSocialPost(postId: string, token: string, signal?: AbortSignal): Promise<SocialPost> {
  return call(socialPostSchema, { path: `${postPath(postId)}?token=${encodeURIComponent(token)}`, fallback: postMessages.loadFailed.fallback, signal });
}

/** POST /api/social-posts/{id}/regenerate */
export function regenerateSocialPost(postId: string, token: string, userInput: string): Promise<RegenerateResult> {
  return call(regenerateResultSchema, {
    path: `${postPath(postId)}/regenerate`,
    body: { token, user_input: userInput },
    fallback: postMessages.regenerateFailed,
  });
}

/** POST /api/social-posts/{id}/share */
export function markSocialPostShared(postId: string, token: string): Promise<ShareResult> {
  return call(shareResultSchema, { path: `${postPath(postId)}/share`, body: { token }, fallback: postMessages.shareFailed.fallback });
}
