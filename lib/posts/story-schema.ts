import { z } from "zod";
import { STORY_MESSAGES_MAX, USER_INPUT_MAX, isSpokenMessage, plainText } from "./post-rules";
import { storyMessageSchema } from "./post-schemas";

// D7: a glucose story that becomes a social post: the conversation with the mini assistant (coach
// bot), the campaign's story form as one message, or a file an operator hands in.
export const postSourceSchema = z.enum(["operator", "coach_bot", "campaign"]);

export const storySchema = z
  .object({
    source: postSourceSchema,
    owner_id: z.uuid({ error: "owner_id must be an account id (UUID)." }).nullable().default(null),
    story_messages: z.array(storyMessageSchema).max(STORY_MESSAGES_MAX, `A story has at most ${STORY_MESSAGES_MAX} messages.`).default([]),
    user_inputs: z.string().max(USER_INPUT_MAX, `user_inputs must be at most ${USER_INPUT_MAX} characters.`).transform((s) => plainText(s).trim()).default(""),
  })
  .refine((story) => story.story_messages.some((m) => m.sender === "user" && isSpokenMessage(m)) || story.user_inputs !== "", {
    message: "A story needs at least one message from its author, or some inputs.",
    path: ["story_messages"],
  });

export type StoryInput = z.input<typeof storySchema>;
export type Story = z.output<typeof storySchema>;
