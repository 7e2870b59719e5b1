import * as z from "zod/mini";
import { STORY_MESSAGES_MAX, USER_INPUT_MAX, isSpokenMessage, plainText } from "./post-rules";
import { storyMessageSchema } from "./post-schemas";

// D7: a glucose story that becomes a social post: the conversation with the mini assistant (coach
// bot), the campaign's story form as one message, or a file an operator hands in.
export const postSourceSchema = z.enum(["operator", "coach_bot", "campaign"]);

export const storySchema = z
  .object({
    source: postSourceSchema,
    owner_id: z._default(z.nullable(z.uuid({ error: "owner_id must be an account id (UUID)." })), null),
    story_messages: z._default(
      z.array(storyMessageSchema).check(z.maxLength(STORY_MESSAGES_MAX, `A story has at most ${STORY_MESSAGES_MAX} messages.`)),
      [],
    ),
    user_inputs: z._default(
      z.pipe(
        z.string().check(z.maxLength(USER_INPUT_MAX, `user_inputs must be at most ${USER_INPUT_MAX} characters.`)),
        z.transform((s) => plainText(s).trim()),
      ),
      "",
    ),
  })
  .check(
    z.refine((story) => story.story_messages.some((m) => m.sender === "user" && isSpokenMessage(m)) || story.user_inputs !== "", {
      message: "A story needs at least one message from its author, or some inputs.",
      path: ["story_messages"],
    }),
  );

export type StoryInput = z.input<typeof storySchema>;
export type Story = z.output<typeof storySchema>;
