"use client";

import { useCallback } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useWrite } from "@/components/api/use-write";
import type { SocialPost } from "@/lib/posts/post-schemas";
import { fetchSocialPost, markSocialPostShared, regenerateSocialPost } from "./social-post-api";
import { socialPostKeys } from "./social-post-query-keys";

export type EditLink = { postId: string; token: string };

/**
 * The post behind the edit link (already there when the server render loaded it). A failure is
 * final: the page sends the visitor home (SPEC §4).
 */
export function useSocialPostQuery(link: EditLink, enabled: boolean, initialData?: SocialPost) {
  return useQuery({
    queryKey: socialPostKeys.post(link),
    queryFn: ({ signal }) => fetchSocialPost(link.postId, link.token, signal),
    enabled,
    initialData,
    retry: false,
    staleTime: Infinity,
  });
}

/** A new version from the inputs; the cached post takes the new text, count and inputs. */
export function useRegenerate(link: EditLink) {
  const queryClient = useQueryClient();
  const write = useWrite();
  const { run } = write;
  const { postId, token } = link;
  const regenerate = useCallback(
    (userInput: string) =>
      run(async () => {
        const result = await regenerateSocialPost(postId, token, userInput);
        queryClient.setQueryData<SocialPost>(socialPostKeys.post({ postId, token }), (post) =>
          post ? { ...post, content: result.new_content, num_of_regen: result.num_of_regen, user_inputs: userInput.trim() } : post,
        );
        return result;
      }),
    [run, queryClient, postId, token],
  );
  return { ...write, regenerate };
}

/** Marks the post shared; the cached post keeps the first time it was. */
export function useMarkShared(link: EditLink) {
  const queryClient = useQueryClient();
  const { postId, token } = link;
  return useCallback(async () => {
    const result = await markSocialPostShared(postId, token);
    queryClient.setQueryData<SocialPost>(socialPostKeys.post({ postId, token }), (post) =>
      post ? { ...post, shared_at: post.shared_at ?? result.shared_at } : post,
    );
    return result;
  }, [queryClient, postId, token]);
}
