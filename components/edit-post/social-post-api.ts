"use client";

import type * as z from "zod/mini";
import { apiRequest } from "@/components/api/api-request";
import { postMessages } from "@/lib/posts/post-messages";
import { regenerateResultSchema, shareResultSchema, socialPostSchema } from "@/lib/posts/post-schemas";
import type { RegenerateResult, ShareResult, SocialPost } from "@/lib/posts/post-schemas";
import { editPostAccessToken } from "./edit-post-session";

// SPEC §7: the edit-post page's calls, and the only place it fetches. Each carries the session's
// token when there is one (SPEC §6); a failure throws the server's `error`, else the default.

type Call = { path: `/api/${string}`; body?: unknown; fallback: string; signal?: AbortSignal };

async function call<S extends z.ZodMiniType>(schema: S, { path, body, fallback, signal }: Call): Promise<z.output<S>> {
  const bearer = await editPostAccessToken();
  return apiRequest({ method: body === undefined ? "GET" : "POST", path, body, bearer, schema, fallback, signal });
}

const postPath = (postId: string) => `/api/social-posts/${encodeURIComponent(postId)}` as const;

/** GET /api/social-posts/{id}?token= */
export function fetchSocialPost(postId: string, token: string, signal?: AbortSignal): Promise<SocialPost> {
  return call(socialPostSchema, {
    path: `${postPath(postId)}?token=${encodeURIComponent(token)}`,
    fallback: postMessages.loadFailed.fallback,
    signal,
  });
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
