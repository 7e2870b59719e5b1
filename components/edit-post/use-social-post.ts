"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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
export function useRegenerateMutation(link: EditLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userInput: string) => regenerateSocialPost(link.postId, link.token, userInput),
    onSuccess: (result, userInput) =>
      queryClient.setQueryData<SocialPost>(socialPostKeys.post(link), (post) =>
        post ? { ...post, content: result.new_content, num_of_regen: result.num_of_regen, user_inputs: userInput.trim() } : post,
      ),
  });
}

export function useShareMutation(link: EditLink) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markSocialPostShared(link.postId, link.token),
    onSuccess: (result) =>
      queryClient.setQueryData<SocialPost>(socialPostKeys.post(link), (post) => (post ? { ...post, shared_at: post.shared_at ?? result.shared_at } : post)),
  });
}
