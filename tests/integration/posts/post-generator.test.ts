import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { StoryMessage } from "@/lib/posts/post-rules";
import { writeLocalPost } from "@/server/posts/generator/local-post-generator";
import { suiteSql } from "../../fixtures/db";
import { getPost, newPost, regenerate } from "./post-calls";

// D7: with an OpenAI-compatible endpoint configured, it writes the posts; when it fails, answers
// nonsense or takes longer than the timeout, the local generator writes them instead. The endpoint
// here is a real HTTP server on this machine.

const sql = suiteSql();

type Mode = "answer" | "fail" | "hang" | "nonsense";
let mode: Mode = "answer";
const received: { authorization: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
const sockets = new Set<Socket>();
const ENDPOINT_POST = "Written by the configured endpoint. #KnowYourGlucose";

function answer(request: IncomingMessage, response: ServerResponse, body: string) {
  received.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
  if (mode === "hang") return; // never answers: the caller's timeout must end the wait
  response.setHeader("content-type", "application/json");
  if (mode === "fail") {
    response.statusCode = 500;
    response.end(JSON.stringify({ error: { message: "overloaded" } }));
  } else if (mode === "nonsense") {
    response.end(JSON.stringify({ id: "x", choices: [] }));
  } else {
    response.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: `"${ENDPOINT_POST}"` } }] }));
  }
}

const endpoint = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => answer(request, response, body));
});
endpoint.on("connection", (socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
});

const saved = { ...process.env };

// Set as the file loads: server/env.ts reads the environment once, when the job workers start
// before this file's tests.
await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
const { port } = endpoint.address() as AddressInfo;
process.env.POST_GENERATOR_URL = `http://127.0.0.1:${port}/v1/chat/completions`;
process.env.POST_GENERATOR_API_KEY = "sk-local-endpoint-key";
process.env.POST_GENERATOR_MODEL = "story-writer-1";
process.env.POST_GENERATOR_TIMEOUT_MS = "400";

afterAll(async () => {
  for (const key of ["POST_GENERATOR_URL", "POST_GENERATOR_API_KEY", "POST_GENERATOR_MODEL", "POST_GENERATOR_TIMEOUT_MS"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => endpoint.close(resolve));
});

beforeEach(() => {
  mode = "answer";
  received.length = 0;
});

async function storedState(id: string) {
  const [row] = await sql<{ content: string; story_messages: StoryMessage[] }[]>`
    select content, story_messages from public.social_posts where id = ${id}`;
  return row!;
}

describe("a configured chat completions endpoint", () => {
  it("writes the post, asked with the key, the model and the story", async () => {
    const { id, token } = await newPost();
    expect((await getPost(id, token)).body.data!.content).toBe(ENDPOINT_POST);
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call!.authorization).toBe("Bearer sk-local-endpoint-key");
    expect(call!.body.model).toBe("story-writer-1");
    const prompt = call!.body.messages.find((m) => m.role === "user")!.content;
    expect(prompt).toContain("Me: I thought oatmeal was the perfect breakfast.");
    expect(prompt).toContain("Mention my morning walks");
    expect(prompt).not.toContain("[Media content]");
  });

  it.each([
    ["fails (500)", "fail"],
    ["answers without a message", "nonsense"],
    ["does not answer within the timeout", "hang"],
  ] as const)("when it %s, the local generator writes the regenerated post", async (_what, failure) => {
    const { id, token } = await newPost();
    const before = await storedState(id);
    mode = failure;
    received.length = 0;
    const reply = await regenerate(id, { token, user_input: "Make it casual" });
    expect(reply.status).toBe(200);
    const expected = writeLocalPost({
      storyMessages: before.story_messages,
      userInputs: "Make it casual",
      variant: 1,
      previousContent: before.content,
    });
    expect(reply.body.data).toEqual({ new_content: expected, num_of_regen: 1 });
    expect((await storedState(id)).content).toBe(expected);
    expect(received).toHaveLength(1);
  });

  it("when it fails while a post is created, the post is still made, by the local generator", async () => {
    mode = "fail";
    const { id, token } = await newPost();
    const expected = writeLocalPost({
      storyMessages: (await storedState(id)).story_messages,
      userInputs: "Mention my morning walks",
      variant: 0,
      previousContent: null,
    });
    expect((await getPost(id, token)).body.data!.content).toBe(expected);
  });
});
