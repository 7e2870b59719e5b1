import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as cardRoute } from "@/app/api/social-posts/cards/[key]/route";
import { postMessages } from "@/lib/posts/post-messages";
import { MAX_REGENERATIONS } from "@/lib/posts/post-rules";
import { siteUrl } from "@/lib/site";
import { createSocialPost } from "@/server/posts/create-social-post";
import { adminClient, authClient, uniqueEmail } from "../../fixtures/auth-client";
import { suiteSql } from "../../fixtures/db";
import { SITE } from "../../fixtures/payments";
import { STORY, getPost, newPost, regenerate, share } from "./post-calls";

const sql = suiteSql();

const INVALID = { error: postMessages.invalidEditLink, code: "invalid_token" };
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

async function row(id: string) {
  const [found] = await sql<{ content: string; num_of_regen: number; user_inputs: string; shared_at: Date | null }[]>`
    select content, num_of_regen, user_inputs, shared_at from public.social_posts where id = ${id}`;
  return found!;
}

const expire = (id: string) => sql`update public.social_posts set edit_token_expires_at = now() - interval '1 minute' where id = ${id}`;

describe("creating a post from a story", () => {
  it("returns an /edit-post link whose token is stored only as its SHA-256, for 30 days, with three share cards", async () => {
    const { id, token, link, expiresAt } = await newPost();
    expect(`${link.origin}${link.pathname}`).toBe(siteUrl("/edit-post"));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await sql`select * from public.social_posts where id = ${id}`;
    expect(stored!.edit_token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const days = (expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const [images] = await sql<{ count: number }[]>`select count(*)::int from public.social_post_images where post_id = ${id}`;
    expect(images!.count).toBe(3);
  });

  it("refuses a story in which the author says nothing, and stores nothing", async () => {
    const [before] = await sql<{ count: number }[]>`select count(*)::int from public.social_posts`;
    const silent = {
      source: "operator" as const,
      story_messages: [
        { sender: "user" as const, content: "[Media content]" },
        { sender: "mini_assistant" as const, content: "Tell me more!" },
      ],
    };
    await expect(createSocialPost(silent)).rejects.toMatchObject({ code: "validation_failed" });
    const [after] = await sql<{ count: number }[]>`select count(*)::int from public.social_posts`;
    expect(after!.count).toBe(before!.count);
  });

  it("refuses an owner that is not an account", async () => {
    await expect(createSocialPost({ ...STORY, owner_id: "7d9f3c1e-0000-4000-8000-000000000000" })).rejects.toMatchObject({
      code: "unprocessable",
    });
  });

  it("keeps a member's post as theirs, with their affiliate link as the referral link (D5)", async () => {
    const { data } = await adminClient().auth.admin.createUser({
      email: uniqueEmail("author"),
      password: "a-long-enough-password",
      email_confirm: true,
    });
    const { id } = await newPost({ owner_id: data.user!.id });
    const [stored] = await sql`select owner_id, referral_link from public.social_posts where id = ${id}`;
    const [affiliate] = await sql<{ code: string }[]>`select code from public.affiliates where user_id = ${data.user!.id}`;
    expect(stored).toEqual({ owner_id: data.user!.id, referral_link: `${siteUrl("/")}?via=${affiliate!.code}` });
  });

  it("gives a post without an owner the site itself as its referral link", async () => {
    const { id } = await newPost({});
    const [stored] = await sql`select referral_link from public.social_posts where id = ${id}`;
    expect(stored).toEqual({ referral_link: siteUrl("/?utm_source=social_post&utm_medium=referral") });
  });
});

describe("GET /api/social-posts/{id}?token=", () => {
  it("answers the post and nothing else: no token hash, no owner", async () => {
    const { id, token } = await newPost();
    const reply = await getPost(id, token);
    expect(reply.status).toBe(200);
    const post = reply.body.data!;
    expect(Object.keys(post).sort()).toEqual([
      "content",
      "id",
      "images",
      "num_of_regen",
      "referral_link",
      "shared_at",
      "story_messages",
      "user_inputs",
    ]);
    expect(post).toMatchObject({
      id,
      num_of_regen: 0,
      shared_at: null,
      user_inputs: "Mention my morning walks",
      story_messages: STORY.story_messages,
    });
    expect(post.content).toContain("My CGM showed a spike to 190 mg/dL every single morning.");
    const images = post.images as { url: string; description: string }[];
    expect(images).toHaveLength(3);
    for (const image of images) expect(image.url).toMatch(/^\/api\/social-posts\/cards\/[0-9a-f-]{36}$/);
    expect(images[0]!.description).toContain("My CGM showed a spike to 190 mg/dL");
  });

  it("refuses a wrong token, another post's token, an expired token and an unknown post alike (401)", async () => {
    const mine = await newPost();
    const other = await newPost();
    expect(await getPost(mine.id, "not-the-token")).toEqual({ status: 401, body: INVALID });
    expect(await getPost(mine.id, other.token)).toEqual({ status: 401, body: INVALID });
    expect(await getPost("3b1f8a52-6d2e-4c1a-9f0b-8e7d6c5b4a39", mine.token)).toEqual({ status: 401, body: INVALID });
    await expire(mine.id);
    expect(await getPost(mine.id, mine.token)).toEqual({ status: 401, body: INVALID });
    expect((await getPost(other.id, other.token)).status).toBe(200);
  });

  it("answers 422 for a malformed post id", async () => {
    const { token } = await newPost();
    expect((await getPost("not-a-uuid", token)).status).toBe(422);
  });

  it("takes an anonymous session's token along (optional auth) and refuses a forged one", async () => {
    const { id, token } = await newPost();
    const { data } = await authClient().auth.signInAnonymously();
    const accessToken = data.session!.access_token;
    expect((await getPost(id, token, { authorization: `Bearer ${accessToken}` })).status).toBe(200);
    expect((await getPost(id, token, { authorization: `Bearer ${accessToken.slice(0, -4)}AAAA` })).status).toBe(401);
  });
});

describe("POST /api/social-posts/{id}/regenerate", () => {
  it("writes a new version from the story and the inputs, counts it and keeps the inputs", async () => {
    const { id, token } = await newPost();
    const before = await row(id);
    const reply = await regenerate(id, { token, user_input: "Make it shorter. Mention that I sleep better" });
    expect(reply.status).toBe(200);
    expect(reply.body.data!.num_of_regen).toBe(1);
    const content = reply.body.data!.new_content as string;
    expect(content).not.toBe(before.content);
    expect(content).toContain("I sleep better.");
    expect(await row(id)).toMatchObject({ content, num_of_regen: 1, user_inputs: "Make it shorter. Mention that I sleep better" });
  });

  it(`stops at ${MAX_REGENERATIONS} with a clear message, and the next one changes nothing`, async () => {
    const { id, token } = await newPost();
    const versions = new Set<string>();
    for (let n = 1; n <= MAX_REGENERATIONS; n++) {
      const reply = await regenerate(id, { token, user_input: "" });
      expect(reply.body.data!.num_of_regen).toBe(n);
      versions.add(reply.body.data!.new_content as string);
    }
    expect(versions.size).toBe(MAX_REGENERATIONS);
    const last = await row(id);
    const refused = await regenerate(id, { token, user_input: "one more" });
    expect(refused).toEqual({ status: 409, body: { error: postMessages.regenerationLimit, code: "conflict" } });
    expect(refused.body.error).toBe("This post has been regenerated 10 times, the most allowed. You can still edit the text and share it.");
    expect(await row(id)).toEqual(last);
  });

  it("attack: parallel regenerations cannot take more than the cap", async () => {
    const { id, token } = await newPost();
    await sql`update public.social_posts set num_of_regen = ${MAX_REGENERATIONS - 3} where id = ${id}`;
    const replies = await Promise.all(Array.from({ length: 8 }, () => regenerate(id, { token, user_input: "" })));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(5);
    expect((await row(id)).num_of_regen).toBe(MAX_REGENERATIONS);
  });

  it("a wrong, another post's or an expired token regenerates nothing", async () => {
    const mine = await newPost();
    const other = await newPost();
    const before = await row(mine.id);
    expect(await regenerate(mine.id, { token: "guess", user_input: "x" })).toEqual({ status: 401, body: INVALID });
    expect(await regenerate(mine.id, { token: other.token, user_input: "x" })).toEqual({ status: 401, body: INVALID });
    await expire(mine.id);
    expect(await regenerate(mine.id, { token: mine.token, user_input: "x" })).toEqual({ status: 401, body: INVALID });
    expect(await row(mine.id)).toEqual(before);
  });

  it("refuses inputs over 1,000 characters and a missing token with 422, changing nothing", async () => {
    const { id, token } = await newPost();
    const before = await row(id);
    expect((await regenerate(id, { token, user_input: "x".repeat(1001) })).status).toBe(422);
    expect((await regenerate(id, { user_input: "shorter" })).status).toBe(422);
    expect(await row(id)).toEqual(before);
  });

  it("drops control characters from the inputs instead of failing", async () => {
    const { id, token } = await newPost();
    const reply = await regenerate(id, { token, user_input: "mention my walks\u0007" });
    expect(reply.status).toBe(200);
    expect((await row(id)).user_inputs).toBe("mention my walks");
  });

  it("refuses a NUL in the inputs with 422 (no text may hold one), changing nothing", async () => {
    const { id, token } = await newPost();
    const reply = await regenerate(id, { token, user_input: "mention my swims\u0000" });
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe("validation_failed");
    expect((await row(id)).user_inputs).toBe("Mention my morning walks");
  });
});

describe("POST /api/social-posts/{id}/share", () => {
  it("marks the post shared; sharing again keeps the first time", async () => {
    const { id, token } = await newPost();
    const first = await share(id, { token });
    expect(first.status).toBe(200);
    const sharedAt = first.body.data!.shared_at as string;
    expect((await row(id)).shared_at?.toISOString()).toBe(sharedAt);
    expect((await getPost(id, token)).body.data!.shared_at).toBe(sharedAt);
    expect((await share(id, { token })).body.data!.shared_at).toBe(sharedAt);
  });

  it("a wrong, another post's or an expired token marks nothing", async () => {
    const mine = await newPost();
    const other = await newPost();
    expect(await share(mine.id, { token: "guess" })).toEqual({ status: 401, body: INVALID });
    expect(await share(mine.id, { token: other.token })).toEqual({ status: 401, body: INVALID });
    await expire(mine.id);
    expect(await share(mine.id, { token: mine.token })).toEqual({ status: 401, body: INVALID });
    expect((await row(mine.id)).shared_at).toBeNull();
    expect((await row(other.id)).shared_at).toBeNull();
  });
});

describe("GET /api/social-posts/cards/{key}", () => {
  const card = (key: string) => cardRoute(new Request(`${SITE}/api/social-posts/cards/${key}`), { params: Promise.resolve({ key }) });

  it("draws the card as a PNG that may be cached", async () => {
    const { id, token } = await newPost({
      story_messages: [{ sender: "user", content: "Ünïcödé, emoji 🎉 and 漢字 are dropped from the card, not fetched." }],
    });
    const [image] = (await getPost(id, token)).body.data!.images as { url: string }[];
    const response = await card(image!.url.split("/").at(-1)!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toContain("immutable");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it("answers 404 for an unknown card and 422 for a malformed address", async () => {
    expect((await card("3b1f8a52-6d2e-4c1a-9f0b-8e7d6c5b4a39")).status).toBe(404);
    expect((await card("../../etc")).status).toBe(422);
  });
});
