import { describe, expect, it } from "vitest";
import { regenerationsLeft, shareText, visibleChatHistory } from "@/lib/posts/post-rules";
import { regenerateRequestSchema } from "@/lib/posts/post-schemas";
import { storySchema } from "@/lib/posts/story-schema";

describe("social post rules", () => {
  it("copies the content, a blank line, 'Click this link to join this journey:' and the referral link", () => {
    expect(shareText("My glucose story.\n", "https://glucosechallenge.app/?via=abc")).toBe(
      "My glucose story.\n\nClick this link to join this journey: https://glucosechallenge.app/?via=abc",
    );
  });

  it("shows no chat history for no messages, blank messages or only '[Media content]'", () => {
    expect(visibleChatHistory([])).toEqual([]);
    expect(
      visibleChatHistory([
        { sender: "user", content: "  " },
        { sender: "mini_assistant", content: "[Media content]" },
      ]),
    ).toEqual([]);
    const spoken = { sender: "user" as const, content: "My morning spike." };
    expect(visibleChatHistory([{ sender: "user", content: "[Media content]" }, spoken])).toEqual([spoken]);
  });

  it("counts the regenerations left, never below zero", () => {
    expect(regenerationsLeft(0)).toBe(10);
    expect(regenerationsLeft(7)).toBe(3);
    expect(regenerationsLeft(12)).toBe(0);
  });

  it("drops control characters from inputs and keeps line breaks", () => {
    expect(regenerateRequestSchema.parse({ token: " t ", user_input: "a\u0000b\r\nc" })).toEqual({ token: "t", user_input: "ab\nc" });
  });

  it("accepts a story only when its author says something", () => {
    expect(storySchema.safeParse({ source: "operator", story_messages: [{ sender: "mini_assistant", content: "Hello!" }] }).success).toBe(
      false,
    );
    expect(storySchema.safeParse({ source: "campaign", user_inputs: "  " }).success).toBe(false);
    expect(storySchema.safeParse({ source: "campaign", user_inputs: "My dad has type 2 diabetes." }).success).toBe(true);
    expect(storySchema.safeParse({ source: "coach_bot", story_messages: [{ sender: "user", content: "It spiked." }] }).success).toBe(true);
    expect(storySchema.safeParse({ source: "coach_bot", story_messages: [{ sender: "bot", content: "It spiked." }] }).success).toBe(false);
  });
});
