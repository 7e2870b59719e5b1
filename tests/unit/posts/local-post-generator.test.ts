import { describe, expect, it } from "vitest";
import { MAX_REGENERATIONS, POST_CONTENT_MAX } from "@/lib/posts/post-rules";
import { writeLocalPost } from "@/server/posts/generator/local-post-generator";
import type { PostRequest } from "@/server/posts/generator/post-generator";
import { readTone } from "@/server/posts/generator/story-reading";
import { cardText } from "@/server/posts/share-cards";

const story: PostRequest["storyMessages"] = [
  { sender: "mini_assistant", content: "What surprised you?" },
  { sender: "user", content: "I thought oatmeal was the perfect breakfast. My CGM showed a spike to 190 mg/dL every morning." },
  { sender: "user", content: "ok" },
  { sender: "user", content: "Now I walk for ten minutes after breakfast and the spike is gone." },
];
const request = (overrides: Partial<PostRequest> = {}): PostRequest => ({
  storyMessages: story,
  userInputs: "",
  variant: 0,
  previousContent: null,
  ...overrides,
});

describe("the local post generator", () => {
  it("builds the post from the author's own sentences, never the assistant's", () => {
    const post = writeLocalPost(request());
    expect(post).toContain("My CGM showed a spike to 190 mg/dL every morning.");
    expect(post).toContain("Now I walk for ten minutes after breakfast and the spike is gone.");
    expect(post).not.toContain("What surprised you?");
    expect(post).toMatch(/#MillionGlucoseCampaign/);
  });

  it("gives the same post for the same story, inputs and variant", () => {
    expect(writeLocalPost(request({ variant: 3 }))).toBe(writeLocalPost(request({ variant: 3 })));
  });

  it(`writes a different post on each of the ${MAX_REGENERATIONS} regenerations`, () => {
    const versions = [writeLocalPost(request())];
    for (let variant = 1; variant <= MAX_REGENERATIONS; variant++) {
      versions.push(writeLocalPost(request({ variant, previousContent: versions.at(-1)! })));
    }
    expect(new Set(versions).size).toBe(versions.length);
  });

  it("never repeats the text it replaces", () => {
    const first = writeLocalPost(request({ variant: 2 }));
    expect(writeLocalPost(request({ variant: 2, previousContent: first }))).not.toBe(first);
  });

  it("follows the inputs: short, no hashtags, and what to mention", () => {
    const long = writeLocalPost(request());
    const short = writeLocalPost(request({ userInputs: "Make it shorter, no hashtags. Mention my morning walks" }));
    expect(short.length).toBeLessThan(long.length);
    expect(short).not.toContain("#");
    expect(short).toContain("my morning walks.");
  });

  it("writes a post from the inputs alone when the story has no sentences", () => {
    const post = writeLocalPost(
      request({ storyMessages: [{ sender: "user", content: "[Media content]" }], userInputs: "My dad has type 2 diabetes" }),
    );
    expect(post).toContain("my dad has type 2 diabetes.");
    expect(post.length).toBeLessThanOrEqual(POST_CONTENT_MAX);
  });

  it("reads tone words as tone, and the rest as what to mention", () => {
    expect(readTone("Make it funny and mention my morning walks")).toEqual({
      style: "casual",
      short: false,
      hashtags: true,
      focus: "my morning walks",
    });
    expect(readTone("Professional tone please")).toEqual({ style: "professional", short: false, hashtags: true, focus: null });
    expect(readTone("")).toEqual({ style: "warm", short: false, hashtags: true, focus: null });
  });
});

describe("share card text", () => {
  it("keeps what the card's font can draw and cuts long text at a word", () => {
    expect(cardText("Zoë’s “spike” 🎉 漢字 — done", 100)).toBe("Zoë’s “spike” — done");
    expect(cardText("one two three four five six", 14)).toBe("one two three…");
  });
});
