"use client";

import { useState } from "react";
import { ArrowLeft } from "lucide-react";
import { IntentLink } from "@/components/layout/intent-link";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { postMessages } from "@/lib/posts/post-messages";
import type { SocialPost } from "@/lib/posts/post-schemas";
import { ChatHistoryCard } from "./chat-history-card";
import { ImagesCard } from "./images-card";
import { InputsCard } from "./inputs-card";
import { PostCard } from "./post-card";
import { useSharePost } from "./use-share-post";
import { useRegenerate, type EditLink } from "./use-social-post";

/** SPEC §2 'Edit Your Social Post': images and post on the left, inputs and chat history on the right. */
export function PostEditor({ post, link }: { post: SocialPost; link: EditLink }) {
  const [content, setContent] = useState(post.content);
  const [inputs, setInputs] = useState(post.user_inputs);
  const regenerate = useRegenerate(link);
  const share = useSharePost(link, post.referral_link);

  async function onRegenerate() {
    const outcome = await regenerate.regenerate(inputs);
    if (outcome.ok) {
      setContent(outcome.data.new_content);
      toast.success(postMessages.regenerated, { id: "post-regenerated" });
    } else if (outcome.error instanceof Error) {
      toast.error(postMessages.regenerateFailed, {
        id: "regenerate-failed",
        description: outcome.error.message === postMessages.regenerateFailed ? undefined : outcome.error.message,
      });
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Edit Your Social Post</h1>
          <p className="text-muted-foreground">Made from your glucose story. Change what you like, then share it.</p>
        </div>
        <Button asChild variant="outline" className="h-11 self-start">
          <IntentLink href="/">
            <ArrowLeft aria-hidden="true" /> Back to Home
          </IntentLink>
        </Button>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-6">
          <ImagesCard images={post.images} />
          <PostCard
            content={content}
            onContentChange={setContent}
            referralLink={post.referral_link}
            sharedAt={post.shared_at}
            sharing={share.busy}
            onShare={() => void share.sharePost(content)}
            manualCopy={share.manualCopy}
          />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <InputsCard
            inputs={inputs}
            onInputsChange={setInputs}
            numOfRegen={post.num_of_regen}
            regenerating={regenerate.busy}
            onRegenerate={() => void onRegenerate()}
          />
          <ChatHistoryCard messages={post.story_messages} />
        </div>
      </div>
    </div>
  );
}
