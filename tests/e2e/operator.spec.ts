import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { signUpAndConfirm } from "./auth-fixtures";
import { answerSafetyScreen, expectNoAxeViolations, payOnStripe, uniqueEmail } from "./helpers";
import { E2E_PORTS } from "./ports";

// Issue 28's first journey: an operator granted from the command line creates a cohort on
// /operator, a visitor buys a seat in it through the cohort picker and Stripe's hosted page, and
// the operator sees the seat paid with its buyer; a member sees no operator area at all.

/** `npm run operator -- grant EMAIL` against this run's database. */
function grantOperator(email: string): string {
  const env = { ...process.env, DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${E2E_PORTS.db}/postgres` };
  return execFileSync("npm", ["run", "--silent", "operator", "--", "grant", email], { env, encoding: "utf8", timeout: 60_000 });
}

/** A UTC day `days` from today, as a date input takes it. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function buySeat(page: Page, cohortName: string, email: string): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem("gc_visited", "true"));
  await page.goto("/user-info?plan=starter&cgm=false");
  await answerSafetyScreen(page);
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).click();
  await page.getByRole("button", { name: "Continue to Choose Cohort" }).click();
  await page.getByRole("button", { name: `Select ${cohortName}` }).click();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.getByRole("button", { name: /^Pay \$[\d.,]+ with Stripe$/ }).click();
  await payOnStripe(page, "4242 4242 4242 4242", email);
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/, { timeout: 20_000 });
  await expect(page.getByTestId("paid-cohort")).toHaveText(cohortName);
}

test("an operator granted from the command line creates a cohort that a visitor then buys, and sees the paid seat", async ({ page, browser }) => {
  const email = await signUpAndConfirm(page, "operator");
  // A member is not an operator: the area does not exist for them.
  expect((await page.goto("/operator/cohorts"))?.status()).toBe(404);
  expect((await page.request.get("/api/operator/cohorts")).status()).toBe(403);

  expect(grantOperator(email)).toContain(`${email} is now an operator.`);
  await page.goto("/operator/cohorts/new");
  const cohortName = `Spring Steady ${Date.now().toString(36)}`;
  const form = page.getByRole("form", { name: "New cohort" });
  await form.getByLabel("Name", { exact: true }).fill(cohortName);
  await form.getByLabel("Language").fill("en");
  await form.getByLabel("Capacity").fill("12");
  await form.getByLabel("Start (optional)").fill(dayFromToday(40));
  await form.getByLabel("End (optional)", { exact: true }).fill(dayFromToday(53));
  await form.getByLabel("Post-cohort end (optional)").fill(dayFromToday(60));
  await form.getByRole("button", { name: "Create cohort" }).click();
  await expect(page.getByRole("heading", { level: 1, name: cohortName })).toBeVisible();
  await expectNoAxeViolations(page);

  const visitor = await browser.newContext();
  const buyer = uniqueEmail("operator-buyer");
  await buySeat(await visitor.newPage(), cohortName, buyer);
  await visitor.close();

  // The webhook seats the buyer; the operator's page shows the seat paid and who holds it.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("cell", { name: buyer })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("cell", { name: buyer }).locator("xpath=..").getByRole("cell").first()).toHaveText("Paid");

  // The audit log holds the grant and the creation.
  await page.goto("/operator/audit");
  await expect(page.getByText("operator.grant").first()).toBeVisible();
  await expect(page.getByText("cohort.create").first()).toBeVisible();
  await expectNoAxeViolations(page);
});
