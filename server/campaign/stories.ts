import "server-only";
import type { StoryFormat } from "@/lib/campaign/campaign-options";
import type { StorySubmitted } from "@/lib/campaign/campaign-schemas";
import { saveStory } from "../db/campaign";
import { createSocialPost } from "../posts/create-social-post";
import { assertStoryVideoUploaded } from "./story-upload";

export type StorySubmission = {
  type: StoryFormat;
  content: string;
  topic?: string | undefined;
  mediaPath?: string | undefined;
  source: "magic_form" | "story_wizard";
};

/**
 * D6, D7: keeps a story; one with words also becomes an editable social post, whose edit link only
 * its author receives (in this answer).
 */
export async function submitStory(story: StorySubmission): Promise<StorySubmitted> {
  if (story.mediaPath) await assertStoryVideoUploaded(story.mediaPath);
  const post =
    story.content !== ""
      ? await createSocialPost({
          source: "campaign",
          story_messages: [{ sender: "user", content: story.content }],
          user_inputs: story.topic ?? "",
        })
      : null;
  const { storyNumber } = await saveStory({
    format: story.type,
    content: story.content,
    topic: story.topic ?? null,
    mediaPath: story.mediaPath ?? null,
    source: story.source,
    socialPostId: post?.postId ?? null,
  });
  return { voiceNumber: storyNumber, editLink: post?.editLink ?? null };
}
