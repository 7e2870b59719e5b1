// SPEC §7: share links open in a new tab: LinkedIn with url and summary, a Twitter intent with text
// and url, Facebook's sharer with u, WhatsApp with text (the address goes inside the text).

export const SHARE_TARGETS = ["linkedin", "twitter", "facebook", "whatsapp"] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

export const SHARE_TARGET_LABEL: Record<ShareTarget, string> = {
  linkedin: "LinkedIn",
  twitter: "X/Twitter",
  facebook: "Facebook",
  whatsapp: "WhatsApp",
};

/** SPEC §7: the shared text announces joining the million-strong glucose health campaign, with two hashtags. */
export const CAMPAIGN_HASHTAGS = "#MillionGlucoseCampaign #GlucoseAwareness";
export const CAMPAIGN_SHARE_TEXT = `I just joined the million-strong glucose health campaign! ${CAMPAIGN_HASHTAGS}`;

export type ShareContent = { url: string; text: string };

export function shareUrl(target: ShareTarget, { url, text }: ShareContent): string {
  switch (target) {
    case "linkedin":
      return `https://www.linkedin.com/shareArticle?${new URLSearchParams({ mini: "true", url, summary: text })}`;
    case "twitter":
      return `https://twitter.com/intent/tweet?${new URLSearchParams({ text, url })}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`;
    case "whatsapp":
      return `https://wa.me/?${new URLSearchParams({ text: `${text} ${url}` })}`;
  }
}

/** The text and address together, for a copy button. */
export const shareMessage = ({ url, text }: ShareContent): string => `${text} ${url}`;
