import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";

test("the header shrinks after 50 px of scroll", async ({ page }) => {
  await page.goto("/");
  const header = page.locator("header").first();
  await expect(header).toHaveAttribute("data-shrunk", "false");
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute("data-shrunk", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-shrunk", "false");
});

test("a section link from another page lands on /#anchor 100 px below the top", async ({ page }) => {
  await page.goto("/our-team");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Testimonials" }).click();
  await expect(page).toHaveURL(/\/#testimonials$/);
  const section = page.locator("#testimonials");
  await expect(section).toBeInViewport();
  await expect.poll(async () => Math.round((await section.boundingBox())?.y ?? -1)).toBe(100);
});

test("the window scrolls to the top on a route change", async ({ page }) => {
  await page.goto("/how-it-works");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Current Challenge" }).scrollIntoViewIfNeeded();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Our Team" }).click();
  await expect(page).toHaveURL(/\/our-team$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the header offers the account icon, Join Now and the AI button", async ({ page }) => {
  await page.goto("/career");
  await expect(page.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth");
  await page.getByRole("link", { name: "Join Now" }).first().click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(page.getByRole("button", { name: "AI assistant" })).toBeVisible();
});

test("the footer has the spec's six links", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("navigation", { name: "Footer" });
  for (const name of ["Current Challenge", "Pricing Plans", "Health Guide", "Glucose Monitoring", "Privacy Policy", "Terms of Service"]) {
    await expect(footer.getByRole("link", { name })).toBeVisible();
  }
});

test("the promo video opens in a dialog and plays the intro the site ships, with captions", async ({ page }) => {
  await page.goto("/");
  const play = page.getByRole("button", { name: "Watch the intro" });
  await play.click();
  const dialog = page.getByRole("dialog", { name: "How the 14-day bootcamp works" });
  await expect(dialog).toBeVisible();
  const video = dialog.locator("video");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  const loaded = await video.evaluate((element: HTMLVideoElement) => ({ src: element.currentSrc, duration: element.duration }));
  expect(new URL(loaded.src).pathname).toMatch(/^\/promo\/intro\.(webm|mp4)$/);
  expect(loaded.duration).toBeGreaterThan(20);
  // Captions load once someone turns them on; "hidden" loads them without drawing them.
  await video.evaluate((element: HTMLVideoElement) => {
    element.textTracks[0]!.mode = "hidden";
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.cues?.length ?? 0)).toBeGreaterThan(0);
  await expect(dialog).not.toContainText("The intro video is unavailable right now.");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(play).toBeFocused();
});
