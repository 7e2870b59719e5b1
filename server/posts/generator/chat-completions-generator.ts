import "server-only";
import { z } from "zod";
import { POST_CONTENT_MAX, isSpokenMessage, plainText } from "@/lib/posts/post-rules";
import type { PostGenerator, PostRequest } from "./post-generator";

export type ChatCompletionsConfig = {
  /** The endpoint's full URL, e.g. https://api.openai.com/v1/chat/completions. */
  url: string;
  apiKey: string;
  model: string;
  /** The whole call, answer included, must finish within this. */
  timeoutMs: number;
};

const SYSTEM_PROMPT = [
  "You write social media posts for people taking part in a glucose-awareness campaign.",
  "Write in the first person, as the author, warm and honest, using only what their story says.",
  "No medical advice or claims, no invented numbers, no links: a link to join is added after your text.",
  "Plain text (no markdown), at most 1,200 characters, ending with two or three hashtags.",
  "Answer with the post only.",
].join(" ");

// The story sent along: the newest messages, up to about 6,000 characters.
const TRANSCRIPT_MAX = 6000;

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

function transcript(request: PostRequest): string {
  const lines: string[] = [];
  let length = 0;
  for (const message of [...request.storyMessages].reverse().filter(isSpokenMessage)) {
    const line = `${message.sender === "user" ? "Me" : "Mini assistant"}: ${message.content.trim()}`;
    if (length + line.length > TRANSCRIPT_MAX) break;
    lines.unshift(line);
    length += line.length + 1;
  }
  return lines.join("\n") || "(no messages)";
}

function userPrompt(request: PostRequest): string {
  const parts = [
    `My story, as I told it:\n${transcript(request)}`,
    `What I want in the post: ${request.userInputs.trim() || "nothing in particular"}`,
  ];
  if (request.previousContent) parts.push(`Write a new version, clearly different from this one:\n${request.previousContent}`);
  return parts.join("\n\n");
}

/** The model's text as a post: plain, unquoted, not empty and not longer than a post may be. */
function postFrom(answer: string): string {
  const text = plainText(answer)
    .trim()
    .replace(/^"([\s\S]*)"$/, "$1")
    .trim();
  if (!text) throw new Error("The post generator answered with an empty post");
  if (text.length > POST_CONTENT_MAX) throw new Error(`The post generator answered with ${text.length} characters`);
  return text;
}

/** D7: an OpenAI-compatible chat completions endpoint as a post generator. */
export function chatCompletionsGenerator(config: ChatCompletionsConfig): PostGenerator {
  return {
    name: "chat-completions",
    async write(request) {
      const response = await fetch(config.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: config.model,
          temperature: 0.8,
          max_tokens: 700,
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            { role: "user", content: userPrompt(request) },
          ],
        }),
        redirect: "error",
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) throw new Error(`The post generator answered ${response.status}`);
      const parsed = completionSchema.safeParse(await response.json());
      if (!parsed.success) throw new Error("The post generator's answer has no message");
      return postFrom(parsed.data.choices[0]!.message.content);
    },
  };
}
