import "server-only";
import { createHash } from "node:crypto";
import { recordHit } from "../../db/rate-limits";
import type { PostGenerator } from "./post-generator";

// The anonymous story form writes a post with each story, so a paid endpoint would give
// completions away. Calls to it are counted per UTC day (the rate limits' counter, in a window of one
// day, which starts at midnight UTC) and past the budget the local generator writes posts instead.

const DAY_SECONDS = 86_400;

/** The day's counter of one endpoint (another endpoint is another bill, so it counts apart). */
export function generatorBudgetBucket(url: string): string {
  return `post-generator-calls:${createHash("sha256").update(url).digest("hex").slice(0, 16)}`;
}

export class GeneratorBudgetSpent extends Error {
  constructor(limit: number) {
    super(`The post generator's budget of ${limit} calls today is spent`);
    this.name = "GeneratorBudgetSpent";
  }
}

/** `generator`, called at most `dailyCalls` times per UTC day across all instances; past that it fails (for a fallback to answer). */
export function withDailyBudget(generator: PostGenerator, { url, dailyCalls }: { url: string; dailyCalls: number }): PostGenerator {
  return {
    name: generator.name,
    async write(request) {
      if (dailyCalls === 0) throw new GeneratorBudgetSpent(dailyCalls);
      const { hits } = await recordHit(generatorBudgetBucket(url), DAY_SECONDS);
      if (hits > dailyCalls) throw new GeneratorBudgetSpent(dailyCalls);
      return generator.write(request);
    },
  };
}
