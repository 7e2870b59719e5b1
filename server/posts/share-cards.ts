import "server-only";
import { withoutLinks } from "@/lib/posts/post-links";
import { site } from "@/lib/site";
import type { ShareCard } from "@/lib/posts/share-card";
import type { Story } from "@/lib/posts/story-schema";
import { bestSentences, readTone, shorten, storySentences } from "./generator/story-reading";

// SPEC §2 Images, D7: every post gets share cards the app draws itself (next/og), made of words
// from the author's story. What a card says is stored; share-card-image.tsx draws it.

// The glyphs of next/og's built-in font (Latin, Latin Extended-A, Cyrillic and common punctuation).
// Anything else would make the renderer fetch a font or emoji from the internet, so it is dropped.
const DRAWABLE =
  /[^\u0020-\u007e\u00a0-\u00ac\u00ae-\u0113\u0116-\u012b\u012e-\u0137\u0139-\u013e\u0141-\u0148\u014a-\u014d\u0150-\u017e\u0400-\u045f\u2013\u2014\u2018-\u201a\u201c-\u201e\u2022\u2026]/g;

/** Text a card can draw: glyphs the built-in font has, one line of spaces, at most `max` characters. */
export function cardText(value: string, max: number): string {
  return shorten(value.normalize("NFC").replace(DRAWABLE, "").replace(/\s+/g, " ").trim(), max);
}

const TOPICS: readonly [RegExp, string][] = [
  [/\b(family|mum|mom|dad|father|mother|parents?|grand\w+)\b/i, "Glucose runs in the family"],
  [/\b(weight|kg|kilos?|pounds|lbs)\b/i, "Glucose and my weight"],
  [/\b(cgm|sensor|monitor)\b/i, "What my CGM showed me"],
  [/\b(myths?|believed|thought that)\b/i, "A glucose myth, busted"],
];

function topicHeadline(text: string): string {
  return TOPICS.find(([pattern]) => pattern.test(text))?.[1] ?? "What my glucose taught me";
}

/** The story's sentences without links (a card quoting anyone's story advertises nobody's site); those left with no words go. */
function linkFreeSentences(story: Pick<Story, "story_messages">) {
  return storySentences(story.story_messages)
    .map((sentence) => ({ ...sentence, text: withoutLinks(sentence.text) }))
    .filter((sentence) => /\p{L}{2,}/u.test(sentence.text));
}

/** Three cards for a story: a quote, the story's topic, and the campaign's invitation; no card carries a link the author wrote. */
export function shareCardsFor(story: Pick<Story, "story_messages" | "user_inputs">): ShareCard[] {
  const [quote, second] = bestSentences(linkFreeSentences(story), 2).map((s) => cardText(s, 200));
  const rawFocus = readTone(story.user_inputs).focus;
  const focus = rawFocus ? withoutLinks(rawFocus) : rawFocus;
  const opening = quote ?? (focus ? cardText(focus, 200) : "I started paying attention to my glucose, and it changed how I see food.");
  const topic = topicHeadline(story.story_messages.map((m) => m.content).join(" ") + " " + story.user_inputs);
  const supporting = second ?? "Small changes, real data and a lot less guessing.";
  return [
    { theme: "teal", headline: "My glucose story", body: opening, description: `Quote card: “${opening}”` },
    { theme: "amber", headline: topic, body: supporting, description: `${topic}: “${supporting}”` },
    {
      theme: "ink",
      headline: "Join a million people learning what glucose really does",
      body: `${site.domain} · #MillionGlucoseCampaign`,
      description: "Invitation card for the million-person glucose awareness campaign",
    },
  ];
}
