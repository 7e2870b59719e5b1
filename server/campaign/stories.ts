import "server-only";
import type { StoryFormat } from "@/lib/campaign/campaign-options";
import type { StorySubmitted } from "@/lib/campaign/campaign-schemas";
import { saveStory } from "../db/campaign";
import { db } from "../db/client";
import { ApiError } from "../http/api-error";
import { prepareSocialPost, storeSocialPost } from "../posts/create-social-post";
import { STORY_VIDEO_MESSAGES, assertStoryVideoUploaded } from "./story-video-check";

export type StorySubmission = {
  type: StoryFormat;
  content: string;
  topic?: string | undefined;
  mediaPath?: string | undefined;
  source: "magic_form" | "story_wizard";
};

/**
 * D6, D7: keeps a story; one with words also becomes an editable social post, whose edit link only
 * its author receives (in this answer). Everything is checked first (the body by route(), the video
 * in Storage), then the post is written (the generator is an outside call, so it cannot be in the
 * transaction), then the post and the story are stored in one transaction: both or neither.
 */
export async function submitStory(story: StorySubmission): Promise<StorySubmitted> {
  if (story.mediaPath) await assertStoryVideoUploaded(story.mediaPath);
  const prepared =
    story.content !== ""
      ? await prepareSocialPost({ source: "campaign", story_messages: [{ sender: "user", content: story.content }], user_inputs: story.topic ?? "" })
      : null;
  return db().begin(async (tx) => {
    const post = prepared ? await storeSocialPost(tx, prepared) : null;
    const saved = await saveStory(tx, {
      format: story.type,
      content: story.content,
      topic: story.topic ?? null,
      mediaPath: story.mediaPath ?? null,
      source: story.source,
      socialPostId: post?.postId ?? null,
    });
    if (!saved) {
      throw new ApiError("validation_failed", STORY_VIDEO_MESSAGES.notUploaded, { details: [{ path: "mediaPath", message: STORY_VIDEO_MESSAGES.notUploaded }] });
    }
    return { voiceNumber: saved.storyNumber, editLink: post?.editLink ?? null };
  });
}
