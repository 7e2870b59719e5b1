"use client";

import { useState } from "react";
import { useWrite } from "@/components/api/use-write";
import { toast } from "@/components/ui/sonner";
import { postMessages } from "@/lib/posts/post-messages";
import { MANUAL_COPY_NOTICE_MS, shareText } from "@/lib/posts/post-rules";
import { useMarkShared, type EditLink } from "./use-social-post";

export type ManualCopy = { text: string; attempt: number };

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Refused (no permission, no focus, an insecure page) or no clipboard at all.
    return false;
  }
}

/**
 * SPEC §7, §8 Share: the text goes to the clipboard, then the post is marked shared. When the
 * browser refuses the clipboard, the text is shown to copy by hand ('Manual Copy Required').
 */
export function useSharePost(link: EditLink, referralLink: string) {
  const markShared = useMarkShared(link);
  // The clipboard and the mark are one write: busy from the copy until the server answers.
  const { run, busy } = useWrite();
  // `attempt` tells the text area to take focus again on every refused copy, even of the same text.
  const [manualCopy, setManualCopy] = useState<ManualCopy | null>(null);
  const showManualCopy = (text: string) => setManualCopy((previous) => ({ text, attempt: (previous?.attempt ?? 0) + 1 }));

  async function sharePost(content: string) {
    const text = shareText(content, referralLink);
    const copy = { done: false };
    const outcome = await run(async () => {
      copy.done = await copyText(text);
      return markShared();
    });
    const copied = copy.done;
    if (outcome.ok) {
      if (copied) setManualCopy(null);
      else showManualCopy(text);
      if (copied) toast.success(postMessages.shared, { id: "post-shared" });
      else
        toast.warning(postMessages.manualCopy.title, {
          id: "manual-copy",
          description: postMessages.manualCopy.description,
          duration: MANUAL_COPY_NOTICE_MS,
        });
      return;
    }
    // A second press while the first is under way does nothing.
    if (outcome.error === null) return;
    if (!copied) showManualCopy(text);
    toast.error(postMessages.shareFailed.title, {
      id: "share-failed",
      description: outcome.error instanceof Error ? outcome.error.message : postMessages.shareFailed.fallback,
    });
  }

  return { sharePost, busy, manualCopy };
}
