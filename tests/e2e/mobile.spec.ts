import { expect, test } from "@playwright/test";
import { signUpAndConfirm } from "./auth-fixtures";
import { SEE_YOUR_DOCTOR } from "../../lib/questionnaire/safety-screen";
import { answerSafetyScreen, expectNoAxeViolations } from "./helpers";

test("the mobile drawer shows the nav and Log In, and closes on navigation", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/auth");
  await expectNoAxeViolations(page);
  await drawer.getByRole("link", { name: "Our Team" }).click();
  await expect(page).toHaveURL(/\/our-team$/);
  await expect(drawer).toBeHidden();
});

test("the landing page fits a phone screen without sideways scrolling", async ({ page }) => {
  // Every page of the site that carries the assistant.
  for (const path of ["/", "/how-it-works", "/our-team", "/career", "/test-bird", "/privacy", "/terms"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("the enrolment pages fit a phone screen, the cohort picker included", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("gc_visited", "true"));
  for (const path of [
    "/user-info?plan=popular&cgm=true",
    "/payment-success",
    "/verify?token=bogus-token-bogus-token-1&email=a@example.com",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto("/user-info?plan=popular&cgm=true");
  await answerSafetyScreen(page);
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).click();
  await page.getByRole("button", { name: "Continue to Choose Cohort" }).click();
  await expect(page.getByRole("button", { name: "Select Kickstart Cohort" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test("signed in, the mobile drawer offers Dashboard instead of Log In", async ({ page }) => {
  await signUpAndConfirm(page, "mobile");
  await page.goto("/our-team");
  await page.getByRole("button", { name: "Open menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(drawer.getByRole("link", { name: "Log In" })).toHaveCount(0);
});

test("on a phone the header keeps the menu and the AI button, not the account icon", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Log in" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(page.getByRole("button", { name: "AI assistant" })).toBeVisible();
});

test("the safety screen's 'check with your doctor' page fits a phone and works by touch", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("gc_visited", "true"));
  await page.goto("/user-info?plan=starter&cgm=true");
  await answerSafetyScreen(page, ["type1DiabetesOrInsulin"]);
  await page.getByRole("button", { name: "Continue to Choose Cohort" }).tap();
  await expect(page.getByRole("heading", { name: SEE_YOUR_DOCTOR.heading })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: SEE_YOUR_DOCTOR.changeAnswersLabel }).tap();
  await expect(page.getByRole("group", { name: /type 1 diabetes/ }).getByRole("radio", { name: "Yes" })).toBeChecked();
});

// Every page of the site that carries the assistant.
for (const path of ["/", "/how-it-works", "/our-team", "/career", "/test-bird", "/privacy", "/terms"]) {
  test(`${path} on a phone has no axe violations of any impact with the assistant closed and open`, async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("gc_visited", "true"));
    await page.goto(path);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "AI assistant" }).tap();
    await expect(page.getByRole("dialog", { name: "Glucose assistant" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

// The pages without the assistant, on a phone.
for (const path of ["/magic", "/million-glucose-campaign", "/become-partner", "/auth"]) {
  test(`${path} on a phone has no axe violations of any impact`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
