import { expect, test } from "@playwright/test";

const storedReferral = (page: import("@playwright/test").Page) =>
  page.evaluate(() => JSON.parse(window.localStorage.getItem("gc_referral") ?? "null") as Record<string, unknown> | null);

test("arriving through ?via=CODE&utm_* on any page remembers the referral for 60 days", async ({ page, context }) => {
  await page.goto("/our-team?via=MAYA10&utm_source=newsletter&utm_campaign=launch");
  await expect
    .poll(() => storedReferral(page))
    .toMatchObject({
      referralId: "MAYA10",
      source: "url",
      utmSource: "newsletter",
      utmCampaign: "launch",
    });
  const cookie = (await context.cookies()).find((c) => c.name === "gc_referral");
  expect(cookie?.value).toBe("MAYA10");
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(59 * 24 * 3600);

  // An implausible code changes nothing; a later valid one replaces the first.
  await page.goto("/?via=%3Cscript%3E");
  await page.waitForTimeout(300);
  expect((await storedReferral(page))?.referralId).toBe("MAYA10");
  await page.goto("/career?via=DANIEL-K");
  await expect.poll(async () => (await storedReferral(page))?.referralId).toBe("DANIEL-K");
});

test("a corrupt stored referral is ignored, not a crash", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => window.localStorage.setItem("gc_referral", "{broken"));
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/how-it-works");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the pricing section: CGM toggle changes every price and Continue carries plan and CGM", async ({ page }) => {
  await page.goto("/how-it-works#pricing");
  const pricing = page.locator("#pricing");
  const prices = pricing.getByTestId("plan-price");
  await expect(prices).toHaveText(["$99", "$129", "$139"]);
  await pricing.getByRole("switch", { name: /Include a CGM device/ }).click();
  await expect(prices).toHaveText(["$149", "$179", "$189"]);
  await pricing.getByRole("group", { name: "Premium" }).click();
  await expect(pricing.getByRole("link", { name: /Continue with Premium/ })).toHaveAttribute("href", "/user-info?plan=premium&cgm=true");
  await expect(pricing).toContainText("Total with 8% tax: $204.12");
});
