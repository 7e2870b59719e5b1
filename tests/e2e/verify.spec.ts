import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./helpers";

// SPEC §2 verify-email. The paid journey (inbox link, set a password, dashboard) lives with the
// enrolment journeys; these are the link's failure states.

test("a set-up link without token or email toasts 'Invalid Link' and goes home", async ({ page }) => {
  await page.goto("/verify");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Invalid Link", { exact: true })).toBeVisible();
});

test("/verify-email without an email also goes home", async ({ page }) => {
  await page.goto("/verify-email?token=bogus-token-bogus-token-1");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Invalid Link", { exact: true })).toBeVisible();
});

test("an unknown set-up link shows 'Invalid Verification Link' with 'Return to Home'", async ({ page }) => {
  await page.goto("/verify?token=bogus-token-bogus-token-1&email=a@example.com");
  await expect(page.getByRole("heading", { level: 1, name: "Invalid Verification Link" })).toBeVisible();
  await expect(page.getByText("The verification link is invalid or has expired.").first()).toBeVisible();
  await expect(page.getByText("Verification Failed", { exact: true })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
