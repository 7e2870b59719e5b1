import "server-only";
import { isSpokenMessage, type StoryMessage } from "@/lib/posts/post-rules";

// What the local generator (and the share cards) take from a story: the author's own sentences,
// the ones that say most about glucose first, and what their inputs ask for.

const GLUCOSE_WORDS =
  /\b(glucose|sugar|spikes?|spiked|crash(ed|es)?|cgm|sensor|monitor|curve|insulin|diabet\w*|carbs?|breakfast|lunch|dinner|snacks?|meals?|walk(s|ed|ing)?|energy|sleep|tired|cravings?|weight|family|learn\w*|realis\w*|realiz\w*|discover\w*|surpris\w*|mg\/dl|mmol)\b/gi;

const SENTENCE_MIN = 12;
const SENTENCE_MAX = 220;

export type StorySentence = { text: string; index: number; score: number };

/** `text` cut at a word to at most `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?-]+$/, "")}…`;
}

function asSentence(raw: string): string {
  const text = shorten(raw.replace(/\s+/g, " ").trim(), SENTENCE_MAX);
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** Every sentence the author wrote, scored: glucose words, numbers, a readable length. */
export function storySentences(messages: readonly StoryMessage[]): StorySentence[] {
  const seen = new Set<string>();
  const sentences: StorySentence[] = [];
  for (const message of messages) {
    if (message.sender !== "user" || !isSpokenMessage(message)) continue;
    for (const part of message.content.split(/(?<=[.!?])\s+|\n+/)) {
      const trimmed = part.trim();
      if (trimmed.length < SENTENCE_MIN) continue;
      const text = asSentence(trimmed);
      const key = text.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const score =
        (text.match(GLUCOSE_WORDS)?.length ?? 0) * 3 + (/\d/.test(text) ? 2 : 0) + (text.length >= 40 && text.length <= 200 ? 1 : 0);
      sentences.push({ text, index: sentences.length, score });
    }
  }
  return sentences;
}

/** The `count` best sentences, in the order the author told them. */
export function bestSentences(sentences: readonly StorySentence[], count: number): string[] {
  return [...sentences]
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.text);
}

export type Style = "warm" | "casual" | "professional";

export type Tone = {
  style: Style;
  short: boolean;
  hashtags: boolean;
  /** What the author asked to have mentioned, as a phrase to place in the post. */
  focus: string | null;
};

const SHORT = /\b(short|shorter|brief|briefer|concise|tweet)\b/i;
const CASUAL = /\b(fun|funny|funnier|casual|playful|light|lighter|humou?r\w*)\b/i;
const PROFESSIONAL = /\b(professional|formal|linkedin|serious)\b/i;
const NO_HASHTAGS = /\b(no|without|drop|remove)\s+(the\s+)?hashtags?\b/i;
// Words that only say how to write, not what to say.
const TONE_WORDS = new Set(
  (
    "make keep it be more less a bit little very much too so please the tone style sound and no without drop remove " +
    "hashtag hashtags post text version short shorter brief briefer concise tweet fun funny funnier casual playful " +
    "light lighter humour humor humorous professional formal linkedin serious warm warmer friendly friendlier"
  ).split(" "),
);
const ASK = "(?:please\\s+|also\\s+)*(?:mention|include|talk about|focus on|add|highlight|say|write about|tell them|make it|keep it)\\b";
const PARTS = new RegExp(`[\\n.;!?]+|,\\s*(?=${ASK})|\\s+and\\s+(?=${ASK})`, "i");
const LEADING_ASK = new RegExp(`^${ASK}\\s*(?:that\\s+)?`, "i");

function saysSomething(part: string): boolean {
  const words = part.toLowerCase().match(/[a-z0-9']+/g) ?? [];
  return words.some((word) => !TONE_WORDS.has(word));
}

/** Reads the author's inputs: the style and length they asked for, and what to mention. */
export function readTone(userInputs: string): Tone {
  const focus = userInputs
    .split(PARTS)
    .map((part) => part.trim())
    .filter(saysSomething)
    .map((part) => part.replace(LEADING_ASK, "").trim())
    .filter((part) => part.length >= 3)
    .slice(0, 2)
    .join("; ");
  return {
    style: PROFESSIONAL.test(userInputs) ? "professional" : CASUAL.test(userInputs) ? "casual" : "warm",
    short: SHORT.test(userInputs),
    hashtags: !NO_HASHTAGS.test(userInputs),
    focus: focus ? shorten(focus, 240) : null,
  };
}

/** A stable number for a text (FNV-1a), so each story starts from templates of its own. */
export function textSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
