import { describe, expect, it } from "vitest";
import { CAMPAIGN_SHARE_TEXT, shareUrl } from "@/lib/campaign/share-links";

const page = "https://glucosechallenge.app/magic/pledge/42";

describe("share links (SPEC §7)", () => {
  it("the text announces the million-strong glucose health campaign with two hashtags", () => {
    expect(CAMPAIGN_SHARE_TEXT).toMatch(/million-strong glucose health campaign/);
    expect(CAMPAIGN_SHARE_TEXT.match(/#\w+/g)).toHaveLength(2);
  });

  it("LinkedIn shares with url and summary", () => {
    const url = new URL(shareUrl("linkedin", page));
    expect(url.origin + url.pathname).toBe("https://www.linkedin.com/shareArticle");
    expect(url.searchParams.get("url")).toBe(page);
    expect(url.searchParams.get("summary")).toBe(CAMPAIGN_SHARE_TEXT);
  });

  it("Twitter opens an intent with text and url", () => {
    const url = new URL(shareUrl("twitter", page));
    expect(url.origin + url.pathname).toBe("https://twitter.com/intent/tweet");
    expect(url.searchParams.get("text")).toBe(CAMPAIGN_SHARE_TEXT);
    expect(url.searchParams.get("url")).toBe(page);
  });

  it("Facebook's sharer takes u", () => {
    const url = new URL(shareUrl("facebook", page));
    expect(url.origin + url.pathname).toBe("https://www.facebook.com/sharer/sharer.php");
    expect([...url.searchParams.keys()]).toEqual(["u"]);
    expect(url.searchParams.get("u")).toBe(page);
  });

  it("WhatsApp takes the text with the link in it", () => {
    const url = new URL(shareUrl("whatsapp", page, "Join me & 3 friends"));
    expect(url.origin + url.pathname).toBe("https://wa.me/");
    expect(url.searchParams.get("text")).toBe(`Join me & 3 friends ${page}`);
  });
});
