import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import { signUpAndConfirm } from "./auth-fixtures";
import { E2E_DATABASE_URL, expectNoAxeViolations, grantOperator } from "./helpers";

// The operator's order list filtered by status: the totals of what it shows, the CSV of it (the
// same orders, every one), and a cohort's participants each leading to their order, on a desktop
// and on a 390 px phone.

const PHONE = { width: 390, height: 844 };

type Seeded = { label: string; cohortId: string; cohortName: string; partly: string[] };

/** A cohort of its own with one order of each kind under a label (two partly refunded), one of them seated. */
async function seedOrders(): Promise<Seeded> {
  const sql = postgres(E2E_DATABASE_URL, { max: 1, onnotice: () => {} });
  const label = `e2eorders${randomUUID().slice(0, 8)}`;
  const cohortId = randomUUID();
  const cohortName = `Orders cohort ${label}`;
  try {
    await sql`
      insert into public.cohorts (id, cohort_name, cohort_description, status, start_cohort_date, end_cohort_date, participant_cap, participant_count, prospective_participant_count)
      values (${cohortId}, ${cohortName}, 'A cohort made by a test.', 'upcoming', now() + interval '30 days', now() + interval '44 days', 20, 1, 1)`;
    const orders: [kind: string, status: string, total: number, refunded: number][] = [
      ["partly-a", "paid", 10_000, 2_000],
      ["partly-b", "paid", 5_000, 1_000],
      ["paid", "paid", 7_000, 0],
      ["refunded", "refunded", 9_000, 9_000],
      ["pending", "pending", 4_000, 0],
    ];
    const ids: Record<string, string> = {};
    for (const [kind, status, total, refunded] of orders) {
      const [row] = await sql<{ id: string }[]>`
        insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, refunded_cents, status, paid_at)
        values (${`${label}.${kind}@example.com`}, 'starter', 'Starter', false, ${cohortId}, ${total}, 0, ${total}, ${refunded}, ${status}, ${status === "pending" ? null : new Date()})
        returning id`;
      ids[kind] = row!.id;
    }
    await sql`
      insert into public.cohort_seats (cohort_id, order_id, email, status, enrolled_at)
      values (${cohortId}, ${ids["partly-a"]!}, ${`${label}.partly-a@example.com`}, 'enrolled', now())`;
    return { label, cohortId, cohortName, partly: [ids["partly-a"]!, ids["partly-b"]!] };
  } finally {
    await sql.end();
  }
}

async function expectFitsWidth(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

test("an operator filters orders by status, sees their totals and downloads them as CSV", async ({ page }) => {
  const email = await signUpAndConfirm(page, "orders-op");
  expect(grantOperator(email)).toContain(`${email} is now an operator.`);
  const seeded = await seedOrders();

  await page.goto("/operator/orders");
  await page.getByRole("searchbox", { name: "Search orders" }).fill(seeded.label);
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Partly refunded" });
  await page.getByRole("button", { name: "Show orders" }).click();
  await expect(page).toHaveURL(/status=partly_refunded/);

  const table = page.getByRole("table", { name: /^Orders, with their buyer/ });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByRole("link", { name: `${seeded.label}.partly-a@example.com` })).toBeVisible();
  await expect(table.getByRole("link", { name: `${seeded.label}.partly-b@example.com` })).toBeVisible();

  // $100 and $50 paid, $20 and $10 of them refunded.
  const totals = page.getByRole("region", { name: "Totals for these orders" });
  await expect(totals.getByRole("definition").first()).toHaveText("2");
  await expect(totals).toContainText("Paid$150.00");
  await expect(totals).toContainText("Refunded$30.00");
  await expect(totals).toContainText("Net$120.00");
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("orders.csv");
  const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\n");
  expect(lines[0]).toBe("order_id,created_at,email,cohort,plan,cgm,currency,amount,refunded,status");
  const rows = lines.slice(1).map((line) => line.slice(1, -1).split('","'));
  expect(rows.map((row) => row[0]).sort()).toEqual([...seeded.partly].sort());
  for (const row of rows) {
    expect(row[3]).toBe(seeded.cohortName);
    expect(row[9]).toBe("Paid");
    expect(Number(row[8])).toBeGreaterThan(0);
    expect(Number(row[8])).toBeLessThan(Number(row[7]));
  }

  // The filters fit a phone too.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(totals).toBeVisible();
  await expectFitsWidth(page, PHONE.width);
});

test("a cohort's participants each lead to their order, and the table fits a phone", async ({ page }) => {
  const email = await signUpAndConfirm(page, "participants-op");
  grantOperator(email);
  const seeded = await seedOrders();

  await page.goto(`/operator/cohorts/${seeded.cohortId}`);
  const participants = page.getByRole("table", { name: /^Participants with/ });
  const link = participants.getByRole("link", { name: `${seeded.label}.partly-a@example.com` });
  await expect(link).toHaveAttribute("href", `/operator/orders/${seeded.partly[0]}`);

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(link).toBeVisible();
  const box = (await link.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await expectFitsWidth(page, PHONE.width);
  const region = page.getByRole("region", { name: /^Participants with/ });
  expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectNoAxeViolations(page);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/operator/orders/${seeded.partly[0]}$`));
});
