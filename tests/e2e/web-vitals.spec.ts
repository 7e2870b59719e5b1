import { expect, test } from "@playwright/test";

// The e2e build samples every page load (NEXT_PUBLIC_WEB_VITALS_SAMPLE_RATE=1 in playwright.config.ts),
// so every other spec's pages report too: this visitor has an address of its own, outside their
// per-address limit.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.77" } });

test("a page reports its LCP, INP and CLS in one batch when the visitor leaves, with the path only", async ({ page }) => {
  await page.goto("/our-team?utm_source=newsletter");
  // A sampled visit loads the measuring library after the page is up; the visitor reads, then clicks
  // (a real input is what settles LCP).
  await page.waitForLoadState("networkidle");
  await page.getByRole("heading", { level: 1 }).click();
  await page.waitForTimeout(500);
  const beacon = page.waitForRequest((request) => request.url().endsWith("/api/vitals"));
  // As when the visitor switches tabs: the page becomes hidden, the measuring library settles its
  // values, and the reporter sends them.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const request = await beacon;
  const body = request.postDataJSON() as { metrics: { name: string; value: number; id: string; page: string }[] };
  expect(body.metrics.map((metric) => metric.name).sort()).toEqual(expect.arrayContaining(["CLS", "LCP"]));
  for (const metric of body.metrics) {
    expect(metric.page).toBe("/our-team");
    expect(metric.value).toBeGreaterThanOrEqual(0);
  }
  // The server kept it (a keepalive request's answer body is not handed back to the page).
  expect((await request.response())?.status()).toBe(200);
});
