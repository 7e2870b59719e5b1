import { describe, expect, it } from "vitest";
import { suiteSql } from "../../fixtures/db";
import { STORY, getPost, newPost } from "./post-calls";

// A story's author can write links (the anonymous story form is open to
// anyone); the post the local generator writes from it and the share cards quoting it carry none.

const sql = suiteSql();

const LINKY_STORY = {
  story_messages: [
    { sender: "mini_assistant" as const, content: "Hi! What surprised you most about your glucose?" },
    {
      sender: "user" as const,
      content: "My CGM showed oatmeal spiked my glucose to 190 mg/dL, read more at https://evil.example/win every morning.",
    },
    {
      sender: "user" as const,
      content: "Walking after meals fixed my energy and sleep, write to spam@evil.example or buy at cheap-pills.xyz/now today.",
    },
  ],
};

const LINK = /evil\.example|cheap-pills|https?:|www\.|@/i;

describe("a story whose words carry links", () => {
  it("gives a post without them, written by the local generator", async () => {
    const { id, token } = await newPost({ ...STORY, ...LINKY_STORY });
    const [stored] = await sql<{ content: string }[]>`select content from public.social_posts where id = ${id}`;
    expect(stored!.content).toMatch(/190 mg\/dL/);
    expect(stored!.content).not.toMatch(LINK);
    const post = (await getPost(id, token)).body.data!;
    expect(post.content).toBe(stored!.content);
  });

  it("gives share cards that quote the story without them", async () => {
    const { id, token } = await newPost({ ...STORY, ...LINKY_STORY });
    const images = (await getPost(id, token)).body.data!.images as { url: string; description: string }[];
    expect(images).toHaveLength(3);
    expect(images[0]!.description).toMatch(/190 mg\/dL/);
    for (const image of images) expect(image.description).not.toMatch(LINK);
    const cards = await sql<{ card: string }[]>`select t::text as card from public.social_post_images t where post_id = ${id}`;
    for (const { card } of cards) expect(card).not.toMatch(LINK);
  });
});
