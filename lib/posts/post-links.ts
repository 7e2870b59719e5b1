// A generated post carries no link of its own (SPEC §7: the share text adds the author's
// referral link after it). A model may write one anyway, asked to by a story or not, so links are
// taken out of whatever a generator writes before it is stored.

/** The rest of a link: what may stand in one, not ending with the sentence's punctuation. */
const URL_REST = String.raw`(?:[^\s<>"'()\[\]{}]*[^\s<>"'()\[\]{}.,!?;:])`;
/** A link with a scheme, or starting www. */
const SCHEMED = new RegExp(String.raw`\b(?:https?:\/\/|ftp:\/\/|www\.)${URL_REST}`, "gi");
/** An email address. */
const EMAIL = /[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;
const LABEL = String.raw`[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?`;
/** The top-level domains links are commonly written with, in any case. */
const COMMON_TLDS =
  "com|net|org|info|biz|app|dev|io|ai|co|me|ly|gl|gg|tv|xyz|site|online|shop|store|link|click|top|live|page|health|life|club|fun|pro|world|today|news|blog|tech|ru|cn|uk|de|fr|in|us";
const COMMON_DOMAIN = new RegExp(String.raw`\b(?:${LABEL}\.)+(?:${COMMON_TLDS})\b(?:\/${URL_REST}?)?`, "gi");
/** Any other two-letter (country) domain, written in lower case ("Sugar.So" after a missing space is a sentence). */
const COUNTRY_DOMAIN = new RegExp(String.raw`\b(?:${LABEL}\.)+[a-z]{2}\b(?:\/${URL_REST}?)?`, "g");

/** `text` without links: URLs, www. addresses, bare domains (example.com/path) and email addresses. */
export function withoutLinks(text: string): string {
  return text
    .replace(SCHEMED, "")
    .replace(EMAIL, "")
    .replace(COMMON_DOMAIN, "")
    .replace(COUNTRY_DOMAIN, "")
    .replace(/\(\s*\)|\[\s*\]/g, "")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/[ \t]+([.,!?;:)\]])/g, "$1")
    .replace(/[ \t]+$/gm, "")
    .replace(/^[ \t]+/gm, "")
    .trim();
}
