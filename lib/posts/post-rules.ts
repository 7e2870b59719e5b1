// SPEC §2 /edit-post, §7 and D7: the rules of a social post that the editor and its API share.

/** D7: regenerations per post (the database CHECK on social_posts.num_of_regen says the same). */
export const MAX_REGENERATIONS = 10;
/** SPEC §2, §9: the image grid shows at most 9 images, in 3 columns. */
export const MAX_POST_IMAGES = 9;
/** SPEC §8: the 'Manual Copy Required' notice shows for 5 s. */
export const MANUAL_COPY_NOTICE_MS = 5000;
/** SPEC §8: a story message standing for a photo or voice note, not words. */
export const MEDIA_PLACEHOLDER = "[Media content]";

export const POST_CONTENT_MAX = 3000;
export const USER_INPUT_MAX = 1000;
export const STORY_MESSAGE_MAX = 2000;
export const STORY_MESSAGES_MAX = 200;

export type StorySender = "user" | "mini_assistant";
export type StoryMessage = { content: string; sender: StorySender };

/** SPEC §7: the content, a blank line, 'Click this link to join this journey:' and the referral link. */
export function shareText(content: string, referralLink: string): string {
  return `${content.trim()}\n\nClick this link to join this journey: ${referralLink}`;
}

/** A message that says something: not blank, not only the media placeholder. */
export function isSpokenMessage(message: StoryMessage): boolean {
  const text = message.content.trim();
  return text !== "" && text !== MEDIA_PLACEHOLDER;
}

/** SPEC §8: the chat history worth showing; empty means 'No chat history available'. */
export function visibleChatHistory(messages: readonly StoryMessage[]): StoryMessage[] {
  return messages.filter(isSpokenMessage);
}

export function regenerationsLeft(numOfRegen: number): number {
  return Math.max(0, MAX_REGENERATIONS - numOfRegen);
}

// Control characters other than tab and newline (NUL above all, which Postgres text cannot hold).
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text as a person wrote it: control characters dropped, Windows line ends made plain. */
export function plainText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(CONTROL, "");
}
