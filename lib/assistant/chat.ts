// SPEC §3 Chat message and §4 Chat: the coach's replies are simulated, one of four, after 1 s.
export type ChatMessage = {
  /** The creation time in milliseconds, as a string. */
  id: string;
  content: string;
  isUser: boolean;
  /** ISO 8601 creation time. */
  timestamp: string;
};

export const CHAT_REPLY_DELAY_MS = 1000;

export const CANNED_REPLIES: readonly string[] = [
  "Great question! Most people see their biggest spikes when refined carbs are eaten on their own. Try starting the meal with vegetables or protein and taking a 10-minute walk afterwards, then compare the curves on your CGM.",
  "The bootcamp lasts 14 days: for the first 7 you eat as usual so we learn your baseline, and for the next 7 you test small changes with your coach. 'Review My Plan' in the questionnaire shows which plan fits you.",
  "Feeling sleepy or hungry an hour or two after eating is often the dip that follows a glucose spike. Pairing carbs with fibre, fat or protein usually flattens the curve.",
  "A coach will go through this with you during the bootcamp. Please note that this chat is not medical advice: if you take glucose-lowering medication or have diabetes, check with your doctor before changing your diet.",
];

export function createMessage(content: string, isUser: boolean, now: Date = new Date()): ChatMessage {
  return { id: String(now.getTime()), content, isUser, timestamp: now.toISOString() };
}

/** One of the canned replies; `random` returns a number in [0, 1) like Math.random. */
export function pickReply(random: () => number = Math.random): string {
  const index = Math.min(Math.max(Math.floor(random() * CANNED_REPLIES.length), 0), CANNED_REPLIES.length - 1);
  return CANNED_REPLIES[index] ?? "";
}

/** A stored message with every field present and non-blank content; anything else is not a message. */
export function isChatMessage(value: unknown): value is ChatMessage {
  if (typeof value !== "object" || value === null) return false;
  const { id, content, isUser, timestamp } = value as Record<string, unknown>;
  return (
    typeof id === "string" &&
    id !== "" &&
    typeof content === "string" &&
    content.trim() !== "" &&
    typeof isUser === "boolean" &&
    typeof timestamp === "string" &&
    !Number.isNaN(Date.parse(timestamp))
  );
}
