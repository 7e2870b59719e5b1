import { expect, test, type Page } from "@playwright/test";
import { signUpAndConfirm } from "./auth-fixtures";
import { dayFromToday, expectNoAxeViolations, grantOperator, openCohortPicker, pickerShows } from "./helpers";

// The operator's cohorts: a cohort saved as a draft is not for sale until it is published; a
// duplicate opens the new-cohort form filled in, as a draft; closing a cohort to buyers asks first.

async function signedInOperator(page: Page, label: string): Promise<void> {
  const email = await signUpAndConfirm(page, label);
  expect(grantOperator(email)).toContain(`${email} is now an operator.`);
}

/** Fills the new-cohort form (14 days from `startInDays`); the cohort's unique name. */
async function fillNewCohort(page: Page, name: string, startInDays: number): Promise<string> {
  await page.goto("/operator/cohorts/new");
  const cohortName = `${name} ${Date.now().toString(36)}`;
  const form = page.getByRole("form", { name: "New cohort" });
  await form.getByLabel("Name", { exact: true }).fill(cohortName);
  await form.getByLabel("Language").fill("en");
  await form.getByLabel("Capacity").fill("10");
  await form.getByLabel("First day (optional)").fill(dayFromToday(startInDays));
  await form.getByLabel("Last day (optional)").fill(dayFromToday(startInDays + 12));
  // 13 days: the form warns, and lets the operator go on.
  await expect(form.getByTestId("programme-length")).toHaveText("Programme length: 13 days");
  await expect(form.getByTestId("programme-length-warning")).toContainText("These dates make a 13-day programme; the bootcamp is 14 days.");
  await form.getByLabel("Last day (optional)").fill(dayFromToday(startInDays + 13));
  await expect(form.getByTestId("programme-length")).toHaveText("Programme length: 14 days");
  await expect(form.getByTestId("programme-length-warning")).toHaveCount(0);
  return cohortName;
}

/** A new visitor's look at the cohort picker. */
async function visitorSees(page: Page, cohortName: string): Promise<boolean> {
  const visitor = await page.context().browser()!.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await openCohortPicker(visitorPage);
    return await pickerShows(visitorPage, cohortName);
  } finally {
    await visitor.close();
  }
}

test("a cohort saved as a draft is not in the picker until the operator publishes it", async ({ page }) => {
  test.setTimeout(180_000);
  await signedInOperator(page, "operator-drafts");
  const cohortName = await fillNewCohort(page, "Draft Steady", 35);
  const form = page.getByRole("form", { name: "New cohort" });
  await form.getByRole("checkbox", { name: "Save as a draft" }).check();
  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: cohortName })).toBeVisible();
  await expect(page.getByText(/^Draft: not for sale\./)).toBeVisible();
  await expect(page.getByText(/^Draft · /)).toContainText("· 14 days ·");
  await expectNoAxeViolations(page);

  expect(await visitorSees(page, cohortName)).toBe(false);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText(/^Open: visitors can choose it/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish" })).toHaveCount(0);
  await expect(page.getByText(/published cohort .*: it is for sale$/)).toBeVisible();

  await expect(async () => expect(await visitorSees(page, cohortName)).toBe(true)).toPass({ timeout: 60_000 });
});

test("Duplicate opens the new-cohort form filled in from the cohort, saved as a draft", async ({ page }) => {
  test.setTimeout(120_000);
  await signedInOperator(page, "operator-duplicate");
  const cohortName = await fillNewCohort(page, "Original Steady", 50);
  await page.getByRole("form", { name: "New cohort" }).getByRole("button", { name: "Create cohort" }).click();
  await expect(page.getByRole("heading", { level: 1, name: cohortName })).toBeVisible();

  await page.getByRole("link", { name: "Duplicate" }).click();
  await expect(page).toHaveURL(/\/operator\/cohorts\/new\?from=/);
  const form = page.getByRole("form", { name: "New cohort" });
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(`${cohortName} (copy)`);
  await expect(form.getByLabel("Language")).toHaveValue("en");
  await expect(form.getByLabel("Capacity")).toHaveValue("10");
  // Moved two weeks on: the copy starts the day after the original's last day, 14 days again.
  await expect(form.getByLabel("First day (optional)")).toHaveValue(dayFromToday(64));
  await expect(form.getByLabel("Last day (optional)")).toHaveValue(dayFromToday(77));
  await expect(form.getByText(/moved 2 weeks later/)).toBeVisible();
  await expect(form.getByTestId("programme-length")).toHaveText("Programme length: 14 days");
  await expect(form.getByRole("checkbox", { name: "Save as a draft" })).toBeChecked();
  await expectNoAxeViolations(page);

  await form.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${cohortName} (copy)` })).toBeVisible();
  await expect(page.getByText(/^Draft: not for sale\./)).toBeVisible();
  await expect(page.getByText(new RegExp(`as a copy of “${cohortName}”$`))).toBeVisible();
});

test("closing a cohort to new buyers asks first; Esc and Cancel leave it open", async ({ page }) => {
  test.setTimeout(120_000);
  await signedInOperator(page, "operator-close-asks");
  const cohortName = await fillNewCohort(page, "Closing Steady", 45);
  await page.getByRole("form", { name: "New cohort" }).getByRole("button", { name: "Create cohort" }).click();
  await expect(page.getByRole("heading", { level: 1, name: cohortName })).toBeVisible();

  const close = page.getByRole("button", { name: "Close to new buyers" });
  await close.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Close ${cohortName} to new buyers?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("The cohort picker stops showing it and checkouts refuse it.");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(close).toBeFocused();
  await expect(page.getByText(/^Open: visitors can choose it/)).toBeVisible();

  await close.click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/^Open: visitors can choose it/)).toBeVisible();

  await close.click();
  await dialog.getByRole("button", { name: "Close to new buyers" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/^Closed to new buyers:/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Reopen to new buyers" })).toBeVisible();
});
