import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import { signUpAndConfirm } from "./auth-fixtures";
import { expectNoAxeViolations } from "./helpers";
import { E2E_PORTS } from "./ports";

// The operator area on a phone and on a desktop: every page fits the screen's width (a wide table
// scrolls inside its own focusable box, never the page), the sections fold into a menu on a phone,
// axe finds nothing, and an operator reaches the area from the site's header.

const DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${E2E_PORTS.db}/postgres`;
const AUTUMN_COHORT = "0c0a0000-0000-4000-8000-000000000009";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

function grantOperator(email: string): void {
  execFileSync("npm", ["run", "--silent", "operator", "--", "grant", email], {
    env: { ...process.env, DATABASE_URL },
    encoding: "utf8",
    timeout: 60_000,
  });
}

/** A paid order in the seeded running cohort, bought with a long address, for the order page and the lists. */
async function insertPaidOrder(email: string): Promise<string> {
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    const [order] = await sql<{ id: string }[]>`
      insert into orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, paid_at)
      values (${email}, 'starter', 'Starter', false, ${AUTUMN_COHORT}, 9900, 792, 10692, 'paid', now())
      returning id`;
    return order!.id;
  } finally {
    await sql.end();
  }
}

async function expectFitsWidth(page: Page, width: number, path: string): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${path} is ${scrollWidth} px wide`).toBeLessThanOrEqual(width);
}

test("every operator page fits a 390 px phone and a desktop with no axe violations, and the header leads an operator there", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = await signUpAndConfirm(page, "operator-phone-with-a-long-address");

  // A member's header has no way into the area.
  await page.goto("/our-team");
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Operator" })).toHaveCount(0);

  grantOperator(email);
  await page.goto("/our-team");
  const operatorLink = page.getByRole("banner").getByRole("link", { name: "Operator" });
  await expect(operatorLink).toBeVisible();
  await operatorLink.click();
  await expect(page).toHaveURL(/\/operator$/);

  const orderId = await insertPaidOrder(`${"a-rather-long-buyer-address".repeat(2)}@example.com`);
  const paths = [
    "/operator",
    "/operator/cohorts",
    "/operator/cohorts/new",
    `/operator/cohorts/${AUTUMN_COHORT}`,
    "/operator/orders",
    `/operator/orders/${orderId}`,
    "/operator/affiliates",
    "/operator/campaign",
    "/operator/campaign/stories",
    "/operator/campaign/partners",
    "/operator/campaign/messages",
    "/operator/health",
    "/operator/audit",
  ];

  await page.setViewportSize(PHONE);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectFitsWidth(page, PHONE.width, path);
    await expectNoAxeViolations(page);
  }

  // On a phone the sections are a menu: closed, then open with every section inside the screen.
  await page.goto("/operator/health");
  const nav = page.getByRole("navigation", { name: "Operator" });
  await expect(nav.getByRole("link", { name: "Orders" })).toBeHidden();
  await nav.getByText("Sections").click();
  const orders = nav.getByRole("link", { name: "Orders" });
  await expect(orders).toBeVisible();
  const box = (await orders.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
  await orders.click();
  await expect(page).toHaveURL(/\/operator\/orders$/);
  await expect(nav.getByRole("link", { name: "Cohorts" })).toBeHidden();

  // The running cohort's wide participant table is a card per participant on a phone: nothing to scroll
  // sideways, and the keyboard still reaches its box.
  await page.goto(`/operator/cohorts/${AUTUMN_COHORT}`);
  const participants = page.getByRole("region", { name: /^Participants with/ });
  await participants.focus();
  await expect(participants).toBeFocused();
  expect(await participants.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true);

  await page.setViewportSize(DESKTOP);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Health" })).toBeVisible();
    await expectFitsWidth(page, DESKTOP.width, path);
    await expectNoAxeViolations(page);
  }
});
