import { createHash, randomBytes } from "node:crypto";
import postgres from "postgres";
import { loadTest, type LoadOptions, type LoadResult } from "./load";

// The social-post endpoints under load, and the post the /edit-post page is measured with. Posts
// are written to the database directly, many of them, so the per-post regeneration cap (10) does
// not turn the regenerate run into 409s; every request comes from its own client address, so the
// per-address limits do not turn it into 429s.

export type BenchPost = { id: string; token: string };

const STORY = [
  { sender: "mini_assistant", content: "What surprised you most about your glucose?" },
  { sender: "user", content: "I thought oatmeal was the perfect breakfast. My CGM showed a spike to 190 mg/dL every single morning." },
  { sender: "user", content: "Now I add eggs and take a ten minute walk after breakfast, and the spike is gone." },
];
const CONTENT =
  "I never thought a glucose curve could teach me so much about myself.\n\nMy CGM showed a spike to 190 mg/dL every single morning.";
const CARDS = [
  {
    theme: "teal",
    headline: "My glucose story",
    body: "My CGM showed a spike to 190 mg/dL every single morning.",
    description: "Quote card",
  },
  {
    theme: "amber",
    headline: "What my CGM showed me",
    body: "Now I add eggs and take a ten minute walk after breakfast.",
    description: "Topic card",
  },
  {
    theme: "ink",
    headline: "Join a million people learning what glucose really does",
    body: "glucosechallenge.app",
    description: "Invitation card",
  },
];

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${128 + ((addressCounter >> 16) & 127)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** `count` posts with their share cards and live edit tokens. */
export async function benchPosts(databaseUrl: string, count: number): Promise<BenchPost[]> {
  const tokens = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const token = randomBytes(32).toString("base64url");
    tokens.set(createHash("sha256").update(token).digest("hex"), token);
  }
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ id: string; edit_token_hash: string }[]>`
      insert into public.social_posts (source, content, referral_link, story_messages, edit_token_hash, edit_token_expires_at)
      select 'operator', ${CONTENT}, 'http://localhost:3000/', ${sql.json(STORY)}, hash, now() + interval '1 day'
      from unnest(${[...tokens.keys()]}::text[]) as hash
      returning id, edit_token_hash`;
    const ids = rows.map((r) => r.id);
    for (const [position, card] of CARDS.entries()) {
      await sql`
        insert into public.social_post_images (post_id, position, theme, headline, body, description)
        select id, ${position}, ${card.theme}, ${card.headline}, ${card.body}, ${card.description} from unnest(${ids}::uuid[]) as id`;
    }
    return rows.map((r) => ({ id: r.id, token: tokens.get(r.edit_token_hash)! }));
  } finally {
    await sql.end();
  }
}

/** The address of one of the post's share cards. */
export async function benchCardPath(databaseUrl: string, postId: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [card] = await sql<
      { id: string }[]
    >`select id from public.social_post_images where post_id = ${postId} order by position limit 1`;
    return `/api/social-posts/cards/${card!.id}`;
  } finally {
    await sql.end();
  }
}

const json = (body: unknown) => ({
  body: JSON.stringify(body),
  headers: { "content-type": "application/json", "x-real-ip": nextAddress() },
});

/** GET /api/social-posts/{id}?token=, POST …/regenerate (round robin over the posts), POST …/share, GET a card. */
export async function loadSocialPosts(
  baseUrl: string,
  databaseUrl: string,
  posts: BenchPost[],
  opts: LoadOptions,
): Promise<Record<string, LoadResult>> {
  const [post] = posts;
  if (!post) throw new Error("no bench posts");
  const url = (path: string) => new URL(path, baseUrl).toString();
  const results: Record<string, LoadResult> = {};
  results["GET /api/social-posts/{id}"] = await loadTest(
    url(`/api/social-posts/${post.id}?token=${post.token}`),
    opts,
    () => ({ method: "GET", headers: { "x-real-ip": nextAddress() } }),
    "token hash check and the post with its cards",
  );
  let next = 0;
  results["POST /api/social-posts/{id}/regenerate"] = await loadTest(
    url(`/api/social-posts/${post.id}/regenerate`),
    opts,
    () => {
      const target = posts[next++ % posts.length]!;
      return {
        method: "POST",
        path: `/api/social-posts/${target.id}/regenerate`,
        ...json({ token: target.token, user_input: "Make it shorter" }),
      };
    },
    `local generator; round robin over ${posts.length} posts (10 regenerations each, then 409)`,
  );
  results["POST /api/social-posts/{id}/share"] = await loadTest(url(`/api/social-posts/${post.id}/share`), opts, () => ({
    method: "POST",
    ...json({ token: post.token }),
  }));
  results["GET /api/social-posts/cards/{key}"] = await loadTest(
    url(await benchCardPath(databaseUrl, post.id)),
    opts,
    () => ({ method: "GET", headers: { "x-real-ip": nextAddress() } }),
    "a 1080×1080 PNG drawn on every request (browsers cache it for a year)",
  );
  return results;
}
