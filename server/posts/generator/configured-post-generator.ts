import "server-only";
import { serverEnv, type ServerEnv } from "../../env";
import { log } from "../../log";
import { chatCompletionsGenerator } from "./chat-completions-generator";
import { localPostGenerator } from "./local-post-generator";
import { withFallback, type PostGenerator } from "./post-generator";

/**
 * D7: the local generator, unless an OpenAI-compatible endpoint is configured; then that endpoint,
 * with the local generator writing the post whenever the endpoint fails or times out.
 */
export function configuredPostGenerator(env: ServerEnv = serverEnv()): PostGenerator {
  if (!env.POST_GENERATOR_URL) return localPostGenerator;
  const remote = chatCompletionsGenerator({
    url: env.POST_GENERATOR_URL,
    apiKey: env.POST_GENERATOR_API_KEY,
    model: env.POST_GENERATOR_MODEL,
    timeoutMs: env.POST_GENERATOR_TIMEOUT_MS,
  });
  return withFallback(remote, localPostGenerator, (error, generator) =>
    log.warn("Post generator failed; the local generator wrote the post", { generator, error }),
  );
}
