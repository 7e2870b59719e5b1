"use client";

import { useEffect, useMemo } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { handOverToasts } from "@/components/layout/toast-handoff";
import { toast } from "@/components/ui/sonner";
import { postMessages } from "@/lib/posts/post-messages";
import type { EditPostInitial } from "@/lib/posts/post-schemas";
import { editPostAccessToken } from "./edit-post-session";
import { EditPostLoading } from "./edit-post-loading";
import { PostEditor } from "./post-editor";
import { useSocialPostQuery } from "./use-social-post";

/**
 * SPEC §2, §4, §5 /edit-post: both post and token must be in the link, else 'Invalid Link' and
 * home; then loading, and the editor, or the 'Error' toast and home when the post cannot be loaded.
 * `initial` is what the server render already loaded (the post, or why not); without it the editor
 * asks the API itself.
 */
export function EditPost({ initial }: { initial?: EditPostInitial }) {
  const router = useRouter();
  const params = useSearchParams();
  const postId = params.get("post")?.trim() ?? "";
  const token = params.get("token")?.trim() ?? "";
  const missing = postId === "" || token === "";
  const link = useMemo(() => ({ postId, token }), [postId, token]);
  const loaded = initial && "post" in initial ? initial.post : undefined;
  const refused = initial && "error" in initial ? initial.error : null;
  const query = useSocialPostQuery(link, !missing && refused === null, loaded);

  useEffect(() => {
    if (!missing) return;
    // Fixed ids: React's development double effect must not stack the same toast.
    toast.error(postMessages.invalidLink.title, { id: "invalid-link", description: postMessages.invalidLink.description });
    handOverToasts();
    router.replace("/");
  }, [missing, router]);

  // SPEC §6: the page holds a session (the visitor's, else an anonymous one) for its calls. With the
  // post already rendered, it is made now, off the first paint, so Regenerate and Share need not wait.
  const hasPost = loaded !== undefined;
  useEffect(() => {
    if (hasPost) void editPostAccessToken();
  }, [hasPost]);

  const loadError = refused ?? query.error?.message ?? null;
  useEffect(() => {
    if (loadError === null) return;
    toast.error(postMessages.loadFailed.title, { id: "post-load-failed", description: loadError || postMessages.loadFailed.fallback });
    handOverToasts();
    router.replace("/");
  }, [loadError, router]);

  if (missing || !query.data) return <EditPostLoading />;
  return <PostEditor key={query.data.id} post={query.data} link={link} />;
}
