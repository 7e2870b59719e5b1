import "server-only";
import type { StoryMessage } from "@/lib/posts/post-rules";

/** What a generator is asked for: a post from this story, in a version of its own. */
export type PostRequest = {
  storyMessages: readonly StoryMessage[];
  /** What the author asked for (tone, length, what to mention); may be empty. */
  userInputs: string;
  /** 0 for the first version, then the regeneration count: each one asks for a new version. */
  variant: number;
  /** The text the new version replaces, if any (a new version must differ from it). */
  previousContent: string | null;
};

/** D7: the one interface every post writer implements. */
export type PostGenerator = {
  readonly name: string;
  write(request: PostRequest): Promise<string>;
};

/** `primary`, and `fallback` whenever `primary` fails or times out. */
export function withFallback(
  primary: PostGenerator,
  fallback: PostGenerator,
  onFailure: (error: unknown, generator: string) => void,
): PostGenerator {
  return {
    name: `${primary.name}+${fallback.name}`,
    async write(request) {
      try {
        return await primary.write(request);
      } catch (error) {
        onFailure(error, primary.name);
        return fallback.write(request);
      }
    },
  };
}
