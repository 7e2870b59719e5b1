// SPEC §7: share links open in a new tab; the text announces joining the million-strong glucose
// health campaign with two hashtags, and the url is the page being shared.
export const CAMPAIGN_SHARE_TEXT = "I just joined the million-strong glucose health campaign! #MillionGlucoseVoices #GlucoseAwareness";

export type ShareTarget = "linkedin" | "twitter" | "facebook" | "whatsapp";

export const SHARE_TARGETS: readonly { target: ShareTarget; label: string }[] = [
  { target: "linkedin", label: "LinkedIn" },
  { target: "twitter", label: "Twitter/X" },
  { target: "facebook", label: "Facebook" },
  { target: "whatsapp", label: "WhatsApp" },
];

/** LinkedIn with url and summary, a Twitter intent with text and url, Facebook sharer with u, WhatsApp with text. */
export function shareUrl(target: ShareTarget, url: string, text: string = CAMPAIGN_SHARE_TEXT): string {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  switch (target) {
    case "linkedin":
      return `https://www.linkedin.com/shareArticle?${q({ mini: "true", url, summary: text })}`;
    case "twitter":
      return `https://twitter.com/intent/tweet?${q({ text, url })}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?${q({ u: url })}`;
    case "whatsapp":
      return `https://wa.me/?${q({ text: shareMessage(url, text) })}`;
  }
}

/** The text and address together: WhatsApp's text, and what a copy button puts on the clipboard. */
export function shareMessage(url: string, text: string = CAMPAIGN_SHARE_TEXT): string {
  return `${text} ${url}`;
}
