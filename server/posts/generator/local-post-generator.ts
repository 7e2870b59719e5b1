import "server-only";
import { POST_CONTENT_MAX } from "@/lib/posts/post-rules";
import type { PostGenerator, PostRequest } from "./post-generator";
import { bestSentences, readTone, storySentences, textSeed, type Style } from "./story-reading";

// D7: the default post writer. It needs nothing outside the app: it builds the post from the
// author's own sentences and inputs, and each variant (regeneration) picks another opening and
// closing, so consecutive versions always differ; the same story, inputs and variant always give
// the same post.

const OPENINGS: Record<Style, readonly string[]> = {
  warm: [
    "I want to share a little about my glucose journey.",
    "Something changed for me once I started paying attention to my glucose.",
    "I never thought a glucose curve could teach me so much about myself.",
    "This is my glucose story, and maybe it sounds familiar.",
    "A few weeks ago I started looking closely at my glucose. Here is what I found.",
  ],
  casual: [
    "Okay, confession time: my glucose had a few things to tell me.",
    "Plot twist: my body had opinions about my food all along.",
    "Turns out my glucose has been trying to talk to me for years.",
    "Who knew glucose could be this eye-opening?",
    "Quick story about me, my meals and my glucose.",
  ],
  professional: [
    "I would like to share what I have learned from paying close attention to my glucose.",
    "Understanding my glucose response has changed how I think about food and energy.",
    "A short reflection on what following my glucose has taught me.",
    "Data can be personal. Here is what my glucose data taught me.",
    "One of the most useful health experiments I have done: learning how my glucose responds.",
  ],
};

const CLOSINGS: readonly string[] = [
  "I'm one of a million people learning what glucose really does. Come and see your own curve.",
  "If you have ever felt that after-lunch crash, you might want to look at your glucose too.",
  "Small changes, real data and a lot less guessing. Join me.",
  "Curious what your own glucose is doing? This is a good place to start.",
];

const FOCUS_LINES: readonly ((focus: string) => string)[] = [
  (focus) => `One more thing I want to share: ${focus}`,
  (focus) => `And the part that matters most to me: ${focus}`,
  (focus) => `Worth saying too: ${focus}`,
];

const HASHTAGS: readonly string[] = [
  "#GlucoseAwareness #MillionGlucoseCampaign #HealthJourney",
  "#KnowYourGlucose #CGM #MillionGlucoseCampaign",
  "#GlucoseChallenge #MetabolicHealth #MillionGlucoseCampaign",
];

const STORY_MAX = 900;

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length]!;

function asClause(focus: string): string {
  const text = /^I\b/.test(focus) ? focus : focus.charAt(0).toLowerCase() + focus.slice(1);
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

function storyParagraph(sentences: string[]): string {
  const kept: string[] = [];
  let length = 0;
  for (const sentence of sentences) {
    if (length + sentence.length > STORY_MAX) break;
    kept.push(sentence);
    length += sentence.length + 1;
  }
  return kept.join(" ");
}

function compose(request: PostRequest, variant: number): string {
  const tone = readTone(request.userInputs);
  const sentences = storySentences(request.storyMessages);
  const seed = textSeed(sentences.map((s) => s.text).join(" ") + request.userInputs);
  const n = seed + variant;
  const story = storyParagraph(bestSentences(sentences, tone.short ? 1 : 3));
  const focus = tone.focus ? pick(FOCUS_LINES, n)(asClause(tone.focus)) : null;
  const paragraphs = tone.short
    ? [story || pick(OPENINGS[tone.style], n), focus, pick(CLOSINGS, n)]
    : [pick(OPENINGS[tone.style], n), story, focus, pick(CLOSINGS, seed + 3 * variant)];
  if (tone.hashtags) paragraphs.push(pick(HASHTAGS, n));
  return paragraphs
    .filter((p): p is string => Boolean(p))
    .join("\n\n")
    .slice(0, POST_CONTENT_MAX);
}

/** The post for a request; never the same text as the one it replaces. */
export function writeLocalPost(request: PostRequest): string {
  let text = compose(request, request.variant);
  for (let step = 1; step < 12 && text === request.previousContent; step++) text = compose(request, request.variant + step);
  return text;
}

export const localPostGenerator: PostGenerator = {
  name: "local",
  write: async (request) => writeLocalPost(request),
};
