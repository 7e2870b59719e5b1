import "server-only";
import { withoutLinks } from "@/lib/posts/post-links";
import { serverEnv, type ServerEnv } from "../../env";
import { log } from "../../log";
import { chatCompletionsGenerator } from "./chat-completions-generator";
import { GeneratorBudgetSpent, withDailyBudget } from "./generator-budget";
import { localPostGenerator } from "./local-post-generator";
import { withFallback, type PostGenerator } from "./post-generator";

/** `generator` with every link taken out of what it writes; nothing left is a failure. */
function linkFree(generator: PostGenerator): PostGenerator {
  return {
    name: generator.name,
    async write(request) {
      const text = withoutLinks(await generator.write(request));
      if (!text) throw new Error(`The post generator ${generator.name} wrote nothing but links`);
      return text;
    },
  };
}

/**
 * D7: the local generator, unless an OpenAI-compatible endpoint is configured; then that endpoint,
 * at most POST_GENERATOR_DAILY_CALLS times a day, with the local generator writing the post whenever
 * the endpoint fails, times out, writes only links or is over its budget. Either way the post is
 * stored without links (the share text adds the one link a post carries).
 */
export function configuredPostGenerator(env: ServerEnv = serverEnv()): PostGenerator {
  if (!env.POST_GENERATOR_URL) return linkFree(localPostGenerator);
  const remote = chatCompletionsGenerator({
    url: env.POST_GENERATOR_URL,
    apiKey: env.POST_GENERATOR_API_KEY,
    model: env.POST_GENERATOR_MODEL,
    timeoutMs: env.POST_GENERATOR_TIMEOUT_MS,
  });
  const budgeted = withDailyBudget(remote, { url: env.POST_GENERATOR_URL, dailyCalls: env.POST_GENERATOR_DAILY_CALLS });
  return linkFree(
    withFallback(linkFree(budgeted), localPostGenerator, (error, generator) => {
      if (error instanceof GeneratorBudgetSpent)
        log.info("Post generator over its daily budget; the local generator wrote the post", { generator });
      else log.warn("Post generator failed; the local generator wrote the post", { generator, error });
    }),
  );
}
