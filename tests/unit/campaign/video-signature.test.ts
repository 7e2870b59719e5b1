import { describe, expect, it } from "vitest";
import { hasVideoSignature } from "@/lib/campaign/video-signature";
import { htmlBytes, mp4Bytes, webmBytes } from "../../fixtures/story-videos";

describe("a story video's first bytes", () => {
  it("are its container's: EBML for WebM, an ftyp box for MP4, a QuickTime atom for MOV", () => {
    expect(hasVideoSignature("video/webm", webmBytes(16))).toBe(true);
    expect(hasVideoSignature("video/mp4", mp4Bytes(16))).toBe(true);
    expect(hasVideoSignature("video/quicktime", mp4Bytes(16))).toBe(true);
    expect(hasVideoSignature("video/quicktime", new Uint8Array([0, 0, 0, 8, ...Buffer.from("moov"), 0, 0]))).toBe(true);
  });

  it("refuse a page, another container or too few bytes", () => {
    expect(hasVideoSignature("video/webm", htmlBytes(16))).toBe(false);
    expect(hasVideoSignature("video/mp4", htmlBytes(16))).toBe(false);
    expect(hasVideoSignature("video/webm", mp4Bytes(16))).toBe(false);
    expect(hasVideoSignature("video/mp4", webmBytes(16))).toBe(false);
    expect(hasVideoSignature("video/webm", webmBytes(4))).toBe(false);
  });
});
