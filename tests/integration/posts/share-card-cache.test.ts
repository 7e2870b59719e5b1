import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as cardRoute } from "@/app/api/social-posts/cards/[key]/route";
import { pledgeCard } from "@/server/campaign/pledge-card-image";
import { imageRenderCount } from "@/server/cache/rendered-image";
import { suiteSql } from "../../fixtures/db";
import { SITE } from "../../fixtures/payments";
import { getPost, newPost } from "./post-calls";

// A share card is drawn once per content (120-250 ms of CPU each) and then
// answered from memory by what it depends on, whatever query string the request carries; its ETag
// names the content, so a client that holds it gets a 304 without anything being drawn.

suiteSql();

const address = () => `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`${SITE}${path}`, { headers: { "x-real-ip": address(), ...headers } });
const postCard = (key: string, query = "", headers: Record<string, string> = {}) =>
  cardRoute(get(`/api/social-posts/cards/${key}${query}`, headers), { params: Promise.resolve({ key }) });

async function cardKeysOfNewPost(): Promise<string[]> {
  const { id, token } = await newPost({
    story_messages: [{ sender: "user", content: `My CGM showed oatmeal spiking me to 190. ${randomUUID()}` }],
  });
  const images = (await getPost(id, token)).body.data!.images as { url: string }[];
  return images.map((image) => image.url.split("/").at(-1)!);
}

describe("a post's share card", () => {
  it("is drawn once: the same card again, with any query string, comes from memory with the same ETag", async () => {
    const [quote] = await cardKeysOfNewPost();
    const before = imageRenderCount();
    const first = await postCard(quote!);
    expect(first.status).toBe(200);
    expect(imageRenderCount()).toBe(before + 1);
    const again = await postCard(quote!, "?r=8c1f");
    const third = await postCard(quote!, "?r=another&utm_source=x");
    expect(imageRenderCount()).toBe(before + 1);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(third.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("content-type")).toBe("image/png");
  });

  it("answers 304 to a client that holds it, without drawing anything", async () => {
    const [, topic] = await cardKeysOfNewPost();
    const first = await postCard(topic!);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    const before = imageRenderCount();
    const cached = await postCard(topic!, "?r=1", { "if-none-match": etag });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("etag")).toBe(etag);
    expect(await cached.text()).toBe("");
    expect(imageRenderCount()).toBe(before);
  });

  it("is one image for every post whose card says the same (the campaign's invitation card)", async () => {
    const [, , invitationA] = await cardKeysOfNewPost();
    const [, , invitationB] = await cardKeysOfNewPost();
    expect(invitationA).not.toBe(invitationB);
    const before = imageRenderCount();
    await postCard(invitationA!);
    expect(imageRenderCount()).toBe(before + 1);
    const other = await postCard(invitationB!);
    expect(other.status).toBe(200);
    expect(imageRenderCount()).toBe(before + 1);
  });
});

describe("a pledge's share card", () => {
  it("is drawn once per number and answered 304 to a client holding it", async () => {
    const number = 500_000 + Math.floor(Math.random() * 100_000);
    const before = imageRenderCount();
    const first = await pledgeCard(get(`/api/campaign/pledges/${number}/card`), number);
    const again = await pledgeCard(get(`/api/campaign/pledges/${number}/card?r=2`), number);
    expect(imageRenderCount()).toBe(before + 1);
    expect(first.status).toBe(200);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const cached = await pledgeCard(
      get(`/api/campaign/pledges/${number}/card`, { "if-none-match": `W/"x", ${first.headers.get("etag")}` }),
      number,
    );
    expect(cached.status).toBe(304);
    expect(imageRenderCount()).toBe(before + 1);
    // Another number is another card.
    await pledgeCard(get(`/api/campaign/pledges/${number + 1}/card`), number + 1);
    expect(imageRenderCount()).toBe(before + 2);
  });
});
