import { expect, test } from "@playwright/test";
import { signUpAndConfirm } from "./auth-fixtures";
import { expectNoAxeViolations } from "./helpers";

test("a Master Coach's bio opens in a modal: focus trapped, page scroll locked, Escape closes", async ({ page }) => {
  await page.goto("/our-team");
  await expect(page.getByRole("heading", { level: 2, name: "Master Coaches" })).toBeVisible();
  const trigger = page.getByRole("button", { name: "Maya Okafor" });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Maya Okafor" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);

  // Scroll locked: the page does not move under the modal.
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, 800);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");

  // Focus trapped: tabbing around never leaves the dialog.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("the team page has four advisors, two builders and Join Us leading to /career", async ({ page }) => {
  await page.goto("/our-team");
  await expect(page.getByRole("region", { name: "Advisory Board" }).getByRole("listitem")).toHaveCount(4);
  await page.getByRole("link", { name: /Join Us/ }).click();
  await expect(page).toHaveURL(/\/career$/);
  await expect(page.getByRole("link", { name: /Apply Now/ })).toHaveCount(3);
});

test("the pricing section is reachable at /how-it-works#pricing with three plans", async ({ page }) => {
  await page.goto("/how-it-works#pricing");
  const pricing = page.locator("#pricing");
  await expect(pricing).toBeInViewport();
  for (const name of ["Starter", "Popular", "Premium"]) {
    await expect(pricing.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  await expect(pricing).toContainText("$99");
  await expect(pricing).toContainText("$21.50/month");
  for (const step of ["Join the Program", "Prepare your CGM", "Join Your Group", "Follow Your Plan"]) {
    await expect(page.getByRole("heading", { name: step })).toBeVisible();
  }
});

test("anonymous visitors get 'Start Earning Today', which opens a sign-up dialog", async ({ page }) => {
  await page.goto("/how-it-works");
  await page.getByRole("button", { name: "Start Earning Today" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Create my free account" }).click();
  await expect(page).toHaveURL(/\/auth\?mode=sign-up$/);
  await expect(page.getByRole("tab", { name: "Sign up" })).toHaveAttribute("aria-selected", "true");
});

test("signed-in visitors get 'Go to Dashboard' in the affiliate section and the header", async ({ page }) => {
  await signUpAndConfirm(page, "affiliate");
  await page.goto("/how-it-works");
  await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(page.getByRole("button", { name: "Start Earning Today" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("href", "/dashboard");
});
