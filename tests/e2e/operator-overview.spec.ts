import { expect, test, type Locator, type Page } from "@playwright/test";
import postgres from "postgres";
import { signUpAndConfirm } from "./auth-fixtures";
import { E2E_DATABASE_URL, expectNoAxeViolations, grantOperator, uniqueEmail } from "./helpers";

// D17: the operator area's home page. A member gets the site's 404 there; an operator sees what
// needs attention and how the business is doing, on a 390 px phone, each figure opening its list.

const AUTUMN_COHORT = "0c0a0000-0000-4000-8000-000000000009";
const PHONE = { width: 390, height: 844 };

async function seed(run: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(E2E_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    await run(sql);
  } finally {
    await sql.end();
  }
}

/** The figure a window's card shows under `label`: its link. */
const figure = (page: Page, window: string, label: string): Locator =>
  page.getByRole("region", { name: window }).locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]").getByRole("link");

const count = async (link: Locator) => Number((await link.innerText()).replaceAll(",", ""));

test("an operator's overview counts what needs attention and the week's sales, fits a phone and links to each list", async ({ page }) => {
  test.setTimeout(120_000);
  const email = await signUpAndConfirm(page, "operator-overview");

  // A member is not told the area exists.
  const refused = await page.goto("/operator");
  expect(refused?.status()).toBe(404);

  grantOperator(email);
  await page.setViewportSize(PHONE);
  await page.goto("/operator");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  const seatsBefore = await count(figure(page, "Last 7 days", "Seats sold"));

  // An order paid an hour ago, one paid 40 days ago (in neither window) and an email given up on.
  await seed(async (sql) => {
    for (const hoursAgo of [1, 40 * 24]) {
      await sql`
        insert into orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, paid_at, created_at)
        values (${uniqueEmail("overview-buyer")}, 'starter', 'Starter', false, ${AUTUMN_COHORT}, 9900, 792, 10692, 'paid',
          now() - make_interval(hours => ${hoursAgo}), now() - make_interval(hours => ${hoursAgo + 1}))`;
    }
    await sql`
      insert into email_outbox (kind, recipient, status, attempts, last_error) values ('newsletter-welcome', ${uniqueEmail("overview-unsent")}, 'failed', 3, 'Mail server refused')`;
  });

  await page.reload();
  await expect(figure(page, "Last 7 days", "Seats sold")).toHaveText(String(seatsBefore + 1));
  await expect(figure(page, "Last 7 days", "Revenue")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(figure(page, "Last 30 days", "Refunded")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByRole("heading", { name: "Next cohorts to start" })).toBeVisible();

  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `/operator is ${scrollWidth} px wide`).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);

  const attention = page.getByRole("region", { name: "Needs attention" });
  await attention.getByRole("link", { name: /emails? not sent/ }).click();
  await expect(page).toHaveURL(/\/operator\/health#unsent-emails$/);
  await expect(page.getByRole("heading", { level: 1, name: "Health" })).toBeVisible();

  await page.goto("/operator");
  await figure(page, "Last 7 days", "Seats sold").click();
  await expect(page).toHaveURL(/\/operator\/orders$/);
});
