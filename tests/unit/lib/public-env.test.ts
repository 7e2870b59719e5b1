import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function publicEnvWith(name: string, value: string) {
  vi.stubEnv(name, value);
  vi.resetModules();
  return (await import("@/lib/public-env")).publicEnv;
}

describe("browser-visible configuration", () => {
  it("sends CGM buyers to the default marketplace when NEXT_PUBLIC_CGM_MARKETPLACE_URL is empty", async () => {
    const { DEFAULT_CGM_MARKETPLACE_URL } = await import("@/lib/public-env");
    expect(DEFAULT_CGM_MARKETPLACE_URL).toMatch(/^https:\/\/[^/]+\//);
    expect((await publicEnvWith("NEXT_PUBLIC_CGM_MARKETPLACE_URL", "")).cgmMarketplaceUrl).toBe(DEFAULT_CGM_MARKETPLACE_URL);
  });

  it("lets NEXT_PUBLIC_CGM_MARKETPLACE_URL point the link at another store", async () => {
    expect((await publicEnvWith("NEXT_PUBLIC_CGM_MARKETPLACE_URL", "https://shop.example/cgm")).cgmMarketplaceUrl).toBe(
      "https://shop.example/cgm",
    );
  });

  it("never turns a javascript: marketplace URL into a link (attack: script in a configured href)", async () => {
    const env = await publicEnvWith("NEXT_PUBLIC_CGM_MARKETPLACE_URL", "javascript:alert(document.cookie)");
    expect(env.cgmMarketplaceUrl.startsWith("https://")).toBe(true);
  });

  it("keeps the shipped intro unless NEXT_PUBLIC_PROMO_VIDEO_URL names an http(s) video", async () => {
    expect((await publicEnvWith("NEXT_PUBLIC_PROMO_VIDEO_URL", "")).promoVideoUrl).toBeUndefined();
    expect((await publicEnvWith("NEXT_PUBLIC_PROMO_VIDEO_URL", "javascript:alert(1)")).promoVideoUrl).toBeUndefined();
    expect((await publicEnvWith("NEXT_PUBLIC_PROMO_VIDEO_URL", "https://media.example/intro.webm")).promoVideoUrl).toBe(
      "https://media.example/intro.webm",
    );
  });
});
