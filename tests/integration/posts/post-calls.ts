import { GET as getPostRoute } from "@/app/api/social-posts/[id]/route";
import { POST as regenerateRoute } from "@/app/api/social-posts/[id]/regenerate/route";
import { POST as shareRoute } from "@/app/api/social-posts/[id]/share/route";
import type { StoryInput } from "@/lib/posts/story-schema";
import { createSocialPost } from "@/server/posts/create-social-post";
import { SITE } from "../../fixtures/payments";

// Calls to the social-post endpoints as the browser makes them, and a post to call them on.

export const STORY: StoryInput = {
  source: "operator",
  story_messages: [
    { sender: "mini_assistant", content: "Hi! What surprised you most about your glucose?" },
    { sender: "user", content: "I thought oatmeal was the perfect breakfast. My CGM showed a spike to 190 mg/dL every single morning." },
    { sender: "mini_assistant", content: "That is a common surprise. What did you change?" },
    {
      sender: "user",
      content: "Now I add eggs and take a ten minute walk after breakfast, and the spike is gone. My energy lasts until lunch.",
    },
    { sender: "user", content: "[Media content]" },
  ],
  user_inputs: "Mention my morning walks",
};

export type Reply = { status: number; body: { data?: Record<string, unknown>; error?: string; code?: string } };

// Each call from its own client address, as separate visitors: the per-address limits stay out of the way.
let calls = 0;
const visitor = () => ({ "x-real-ip": `198.51.100.${++calls % 250}` });

const asReply = async (response: Response): Promise<Reply> => ({ status: response.status, body: await response.json() });
const context = (id: string) => ({ params: Promise.resolve({ id }) });

export async function newPost(story: Partial<StoryInput> = {}) {
  const created = await createSocialPost({ ...STORY, ...story });
  const link = new URL(created.editLink);
  return { ...created, id: link.searchParams.get("post")!, token: link.searchParams.get("token")!, link };
}

export async function getPost(id: string, token: string, headers: Record<string, string> = {}): Promise<Reply> {
  const url = `${SITE}/api/social-posts/${id}?token=${encodeURIComponent(token)}`;
  return asReply(await getPostRoute(new Request(url, { headers: { ...visitor(), ...headers } }), context(id)));
}

function post(path: string, body: unknown): Request {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...visitor() },
    body: JSON.stringify(body),
  });
}

export async function regenerate(id: string, body: unknown): Promise<Reply> {
  return asReply(await regenerateRoute(post(`/api/social-posts/${id}/regenerate`, body), context(id)));
}

export async function share(id: string, body: unknown): Promise<Reply> {
  return asReply(await shareRoute(post(`/api/social-posts/${id}/share`, body), context(id)));
}
