// The answer to the programme's feedback question: a score from 1 to 5 and, if the member wants,
// one line ("4 great two weeks", "5", "4/5: more recipes please"). Read the same way from a coach
// bot message and from the dashboard's form.

export const FEEDBACK_COMMENT_MAX = 500;

export type FeedbackReply = { score: number; comment: string | null };

// A lone UTF-16 surrogate is no character, and Postgres text cannot hold U+0000.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

// Control characters other than tab and line breaks, which a chat message or a form has no use for.
const CONTROLS = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * One line as it may be stored: NULs, lone surrogates and control characters gone, whitespace runs
 * made one space, trimmed, at most `max` characters (counted as Postgres counts them, by code point,
 * so a character is never cut in half); null when nothing is left.
 */
export function cleanFeedbackComment(text: string, max = FEEDBACK_COMMENT_MAX): string | null {
  const clean = text.replace(UNSTORABLE, "").replace(CONTROLS, "").replace(/\s+/g, " ").trim();
  const cut = Array.from(clean).slice(0, max).join("").trim();
  return cut || null;
}

// The score first (1–5, alone or as "4/5", not "3.5"), then nothing, or a separator and the line.
const REPLY = /^\s*([1-5])(?![.,]\d)(?:\s*\/\s*5)?(?:\s*$|[\s,.:;!)\-–—]+([\s\S]*)$)/;

/** The score and the line of a reply, or null when the reply does not start with a score from 1 to 5. */
export function parseFeedbackReply(text: string): FeedbackReply | null {
  const match = REPLY.exec(text.replace(UNSTORABLE, ""));
  if (!match) return null;
  return { score: Number(match[1]), comment: cleanFeedbackComment(match[2] ?? "") };
}
