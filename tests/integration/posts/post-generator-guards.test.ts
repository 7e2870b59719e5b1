import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as storyPOST } from "@/app/api/campaign/stories/route";
import { writeLocalPost } from "@/server/posts/generator/local-post-generator";
import { generatorBudgetBucket } from "@/server/posts/generator/generator-budget";
import { suiteSql } from "../../fixtures/db";
import { campaignPost, freshAddress } from "../campaign/campaign-request";
import { getPost, newPost, regenerate } from "./post-calls";

// What a configured chat completions endpoint writes is stored without links,
// and the endpoint is called at most POST_GENERATOR_DAILY_CALLS times a day; past that the local
// generator writes the posts (the anonymous story form gives no free completions away).

const sql = suiteSql();
const DAILY_CALLS = 3;
let answer = "";
let calls = 0;
const sockets = new Set<Socket>();

const endpoint = createServer((request: IncomingMessage, response: ServerResponse) => {
  request.resume();
  request.on("end", () => {
    calls++;
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: answer } }] }));
  });
});
endpoint.on("connection", (socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
});

const saved = { ...process.env };
await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1/chat/completions`;
process.env.POST_GENERATOR_URL = url;
process.env.POST_GENERATOR_API_KEY = "sk-guard-test";
process.env.POST_GENERATOR_DAILY_CALLS = String(DAILY_CALLS);

afterAll(async () => {
  for (const key of ["POST_GENERATOR_URL", "POST_GENERATOR_API_KEY", "POST_GENERATOR_DAILY_CALLS"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => endpoint.close(resolve));
});

beforeEach(async () => {
  calls = 0;
  answer = "Oatmeal spiked me to 190, so I walk after breakfast now. #KnowYourGlucose";
  await sql`delete from public.rate_limit_hits where bucket = ${generatorBudgetBucket(url)}`;
});

const contentOf = async (id: string) =>
  (await sql<{ content: string }[]>`select content from public.social_posts where id = ${id}`)[0]!.content;

describe("links in what the endpoint writes", () => {
  it("are taken out before the post is stored, when it is made and when it is regenerated", async () => {
    answer = "Oatmeal spiked me to 190! Join me at https://evil.example/win or www.cheap-pills.xyz, see bit.ly/3xYz. #CGM";
    const { id, token } = await newPost();
    expect(await contentOf(id)).toBe("Oatmeal spiked me to 190! Join me at or, see. #CGM");
    answer = "Walking after meals helped (details: glucose-spam.com/offer). Write to me@evil.co #KnowYourGlucose";
    const reply = await regenerate(id, { token, user_input: "shorter" });
    expect(reply.status).toBe(200);
    expect(reply.body.data!.new_content).toBe("Walking after meals helped (details:). Write to #KnowYourGlucose");
    expect(await contentOf(id)).toBe(reply.body.data!.new_content);
  });

  it("a post that is nothing but links is written by the local generator instead", async () => {
    answer = "https://evil.example/a www.evil.example";
    const { id, token } = await newPost();
    const stored = await contentOf(id);
    expect(stored).not.toContain("evil");
    expect((await getPost(id, token)).body.data!.content).toBe(stored);
    expect(stored).toBe(
      writeLocalPost({
        storyMessages: (await sql`select story_messages from public.social_posts where id = ${id}`)[0]!.story_messages,
        userInputs: "Mention my morning walks",
        variant: 0,
        previousContent: null,
      }),
    );
  });
});

describe("the endpoint's daily budget", () => {
  it(`is ${DAILY_CALLS} calls: later stories' posts are written by the local generator, without calling it`, async () => {
    const editLinks: string[] = [];
    for (let i = 0; i < DAILY_CALLS + 2; i++) {
      const response = await storyPOST(
        campaignPost("/api/campaign/stories", { type: "text", content: `Story ${i}: oatmeal spiked me to 190.` }, freshAddress()),
      );
      expect(response.status).toBe(201);
      editLinks.push((await response.json()).data.editLink);
    }
    expect(calls).toBe(DAILY_CALLS);
    const contents = await Promise.all(editLinks.map((link) => contentOf(new URL(link).searchParams.get("post")!)));
    expect(contents.slice(0, DAILY_CALLS)).toEqual(Array<string>(DAILY_CALLS).fill(answer));
    for (const content of contents.slice(DAILY_CALLS)) expect(content).not.toBe(answer);
  });
});
