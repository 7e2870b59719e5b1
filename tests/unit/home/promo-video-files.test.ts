import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROMO_VIDEO_FILES } from "@/components/home/promo-video-files";
import { promoCaptions, promoDurationSeconds, promoSlides } from "@/scripts/promo-video/slides";

const shipped = (url: string) => path.join(process.cwd(), "public", url);

describe("the intro video the site ships", () => {
  it("is a real WebM and a real MP4, each well under 1 MB, with a JPEG poster", () => {
    const webm = readFileSync(shipped(PROMO_VIDEO_FILES.webm));
    const mp4 = readFileSync(shipped(PROMO_VIDEO_FILES.mp4));
    const poster = readFileSync(shipped(PROMO_VIDEO_FILES.poster));
    expect(webm.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
    expect(mp4.subarray(4, 8).toString("latin1")).toBe("ftyp");
    expect(poster.subarray(0, 3).toString("hex")).toBe("ffd8ff");
    for (const url of [PROMO_VIDEO_FILES.webm, PROMO_VIDEO_FILES.mp4]) {
      expect(statSync(shipped(url)).size).toBeLessThan(512 * 1024);
    }
  });

  it("has captions that say what the slides say (rerun scripts/make-promo-video.ts after a copy change)", () => {
    expect(readFileSync(shipped(PROMO_VIDEO_FILES.captions), "utf8")).toBe(promoCaptions(promoSlides()));
  });

  it("captions the whole video, from the headline to Join Now", () => {
    const captions = promoCaptions(promoSlides());
    expect(captions.startsWith("WEBVTT\n\n1\n00:00:00.000 --> ")).toBe(true);
    expect(captions).toContain("See what food really does to your glucose in 14 days.");
    expect(captions).toContain("Starter: $99 for 3 months");
    expect(captions).toContain("Add a CGM device for $50.");
    expect(captions.trimEnd().endsWith("Join Now at glucosechallenge.app.")).toBe(true);
    expect(captions).toContain(`--> 00:00:${String(promoDurationSeconds(promoSlides())).padStart(2, "0")}.000`);
  });
});
