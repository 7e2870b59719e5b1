import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import { PASSWORD, signUpAndConfirm } from "./auth-fixtures";
import {
  dayFromToday,
  E2E_DATABASE_URL as DATABASE_URL,
  expectNoAxeViolations,
  grantOperator,
  INBOX_URL,
  openCohortPicker,
  payOnStripe,
  pickerShows,
  uniqueEmail,
  waitForMail,
} from "./helpers";

// The operator area's first journey: an operator granted from the command line creates a cohort on
// /operator, a visitor buys a seat in it through the cohort picker and Stripe's hosted page, and
// the operator sees the seat paid with its buyer; a member sees no operator area at all.

/** An operator creates an upcoming cohort on /operator/cohorts/new; its (unique) name. */
async function createCohort(page: Page, name: string, capacity: number, startInDays = 40): Promise<string> {
  await page.goto("/operator/cohorts/new");
  const cohortName = `${name} ${Date.now().toString(36)}`;
  const form = page.getByRole("form", { name: "New cohort" });
  await form.getByLabel("Name", { exact: true }).fill(cohortName);
  await form.getByLabel("Language").fill("en");
  await form.getByLabel("Capacity").fill(String(capacity));
  await form.getByLabel("First day (optional)").fill(dayFromToday(startInDays));
  await form.getByLabel("Last day (optional)").fill(dayFromToday(startInDays + 13));
  await form.getByLabel("Post-cohort end (optional)").fill(dayFromToday(startInDays + 20));
  await form.getByRole("button", { name: "Create cohort" }).click();
  await expect(page.getByRole("heading", { level: 1, name: cohortName })).toBeVisible();
  return cohortName;
}

/** Turns the cohort picker's pages until the cohort's card shows. */
async function showCohortInPicker(page: Page, cohortName: string): Promise<void> {
  expect(await pickerShows(page, cohortName)).toBe(true);
}

async function selectCohort(page: Page, cohortName: string): Promise<void> {
  await showCohortInPicker(page, cohortName);
  await page.getByRole("button", { name: `Select ${cohortName}` }).click();
}

async function buySeat(page: Page, cohortName: string, email: string): Promise<void> {
  await openCohortPicker(page);
  await selectCohort(page, cohortName);
  await payForChosenCohort(page, cohortName, email);
}

async function payForChosenCohort(page: Page, cohortName: string, email: string): Promise<void> {
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.getByRole("button", { name: /^Pay \$[\d.,]+ with Stripe$/ }).click();
  await payOnStripe(page, "4242 4242 4242 4242", email);
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/, { timeout: 20_000 });
  await expect(page.getByTestId("paid-cohort")).toHaveText(cohortName);
}

test("an operator granted from the command line creates a cohort that a visitor then buys, and sees the paid seat", async ({
  page,
  browser,
}) => {
  const email = await signUpAndConfirm(page, "operator");
  // A member is not an operator: the area does not exist for them.
  expect((await page.goto("/operator/cohorts"))?.status()).toBe(404);
  expect((await page.request.get("/api/operator/cohorts")).status()).toBe(403);

  expect(grantOperator(email)).toContain(`${email} is now an operator.`);
  const cohortName = await createCohort(page, "Spring Steady", 12);
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
  await page.goto("/operator/audit?action=operator.grant");
  await expect(page.getByText(`npm run operator granted operator to ${email}`)).toBeVisible();
  await page.goto(`/operator/audit?actor=${encodeURIComponent(email)}`);
  await expect(page.getByText(`${email} created cohort ${cohortName} (`)).toBeVisible();
  await expectNoAxeViolations(page);
});

/** The mail stand-in refuses (or accepts again) an address's mail, as a mail server down for it. */
async function refuseMail(address: string, refused: boolean): Promise<void> {
  const response = await fetch(`${INBOX_URL}/api/refused/${encodeURIComponent(address)}`, { method: refused ? "PUT" : "DELETE" });
  expect(response.status).toBe(200);
}

test("an operator sends again an email that failed, and it arrives", async ({ page, browser }) => {
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    // A visitor's pledge confirmation cannot be delivered: the mail server refuses the address.
    const pledger = uniqueEmail("refused-pledger");
    await refuseMail(pledger, true);
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/magic");
    await visitorPage.getByRole("banner").getByRole("button", { name: "Take Pledge" }).click();
    const drawer = visitorPage.getByRole("dialog", { name: "Take the Pledge" });
    await drawer.getByLabel("Your name").fill("Ada Refused");
    await drawer.getByLabel("Email").fill(pledger);
    await drawer.getByRole("button", { name: "Take the Pledge" }).click();
    await expect(drawer.getByRole("status")).toHaveText("Check your inbox to confirm your pledge");
    await visitor.close();

    // Its first attempt fails; the job's retries are then made to run out at once (they would take
    // days), by the engine's own rule: the next attempt is its last (the engine counts an attempt
    // as a retry when it starts it), and it fails too.
    const jobOf = async () =>
      (
        await sql<{ id: string; state: string }[]>`
          select j.id::text, j.state::text from pgboss.job j join public.email_outbox o on o.id::text = j.data ->> 'outboxId'
          where j.name = 'send-email' and o.recipient = ${pledger}`
      )[0];
    await expect.poll(async () => (await jobOf())?.state, { timeout: 30_000 }).toBe("retry");
    await sql`update pgboss.job set retry_limit = retry_count + 1, start_after = now() where name = 'send-email' and id = ${(await jobOf())!.id}`;
    await expect.poll(async () => (await jobOf())?.state, { timeout: 30_000 }).toBe("failed");

    // The operator finds it on the Health page; the mail server is back; Send again sends it.
    const operator = await signUpAndConfirm(page, "operator-health");
    expect(grantOperator(operator)).toContain("is now an operator.");
    await refuseMail(pledger, false);
    await page.goto("/operator/health");
    // One failure, one row: the email's, under Emails not sent, not a failed job as well.
    await expect(page.getByRole("table", { name: "Failed jobs, newest first" }).getByRole("row").filter({ hasText: pledger })).toHaveCount(
      0,
    );
    const unsent = page.getByRole("table", { name: "Emails not sent, newest first" });
    const row = unsent.getByRole("row").filter({ hasText: pledger });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Mailbox unavailable");
    await expect(row).toContainText("Given up");
    await expectNoAxeViolations(page);
    await row.getByRole("button", { name: "Send again" }).click();
    await expect(page.getByText("The email is queued again.")).toBeVisible();
    await waitForMail(pledger, /^Confirm your pledge$/);
    await expect.poll(async () => (await jobOf())?.state, { timeout: 30_000 }).toBe("completed");

    // The audit log holds the resend.
    const [outbox] = await sql<{ id: string }[]>`select id::text from public.email_outbox where recipient = ${pledger}`;
    await page.goto(`/operator/audit?action=email.resend&subject_id=${outbox!.id}`);
    await expect(page.getByText(`${operator} queued the campaign confirmation email ${outbox!.id} again`)).toBeVisible();
  } finally {
    await sql.end();
  }
});

test("an operator refunds an order: the seat frees and is held for the next on the waitlist, who claims it", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const operator = await signUpAndConfirm(page, "operator-refunds");
  expect(grantOperator(operator)).toContain("is now an operator.");
  const cohortName = await createCohort(page, "Single Seat", 1, 30);

  // The one seat is bought; the cohort is full.
  const buyer = uniqueEmail("refunded-buyer");
  const buyerContext = await browser.newContext();
  await buySeat(await buyerContext.newPage(), cohortName, buyer);
  await buyerContext.close();

  // A visitor joins its waitlist and confirms the address.
  const waiter = uniqueEmail("waitlisted");
  const waiterContext = await browser.newContext();
  const waiterPage = await waiterContext.newPage();
  await openCohortPicker(waiterPage);
  await showCohortInPicker(waiterPage, cohortName);
  await expect(waiterPage.getByRole("button", { name: `Select ${cohortName}` })).toHaveCount(0);
  await waiterPage.getByRole("button", { name: `Join the waitlist for ${cohortName}` }).click();
  const join = waiterPage.getByRole("form", { name: `Join the waitlist for ${cohortName}` });
  await join.getByLabel("Your email").fill(waiter);
  await join.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(waiterPage.getByText("Check your email: confirm your address to take your place on the waitlist.")).toBeVisible();
  const confirmation = await waitForMail(waiter, /^Confirm your place on the waitlist$/);
  await waiterPage.goto(confirmation.links.find((link) => link.includes("/waitlist/confirm"))!);
  await waiterPage.getByRole("button", { name: "Confirm my place" }).click();
  await expect(waiterPage.getByRole("heading", { level: 1 })).not.toHaveText("Confirm your place on the waitlist");

  // The operator sees the queue, finds the order and refunds it in full after confirming it's them.
  await page.goto("/operator/cohorts");
  await page.getByRole("searchbox", { name: "Search cohorts" }).fill(cohortName);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: cohortName }).click();
  await expect(page.getByRole("cell", { name: waiter, exact: true })).toBeVisible();
  await page.goto("/operator/orders");
  await page.getByRole("searchbox", { name: "Search orders" }).fill(buyer);
  await page.getByRole("button", { name: "Show orders" }).click();
  await page.getByRole("row").filter({ hasText: buyer }).getByRole("link").first().click();
  await expectNoAxeViolations(page);
  await page.getByRole("form", { name: "Refund" }).getByRole("button", { name: "Refund" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
  await confirm.getByLabel("Password").fill(PASSWORD);
  await confirm.getByRole("button", { name: /confirm/i }).click();
  await expect(page.getByText(/^Refund of .* sent to Stripe/)).toBeVisible();

  // Stripe's refund webhook frees the seat, and the next on the waitlist is emailed a claim link.
  const offer = await waitForMail(waiter, new RegExp(`^A place in ${cohortName} is held for you$`), 60_000);
  const claimLink = offer.links.find((link) => link.includes("/waitlist/claim"))!;

  // The place is held: another visitor still finds the cohort full.
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await openCohortPicker(otherPage);
  await showCohortInPicker(otherPage, cohortName);
  await expect(otherPage.getByRole("button", { name: `Join the waitlist for ${cohortName}` })).toBeVisible();
  await expect(otherPage.getByRole("button", { name: `Select ${cohortName}` })).toHaveCount(0);
  await otherContext.close();

  // The waitlisted visitor claims it and pays for that very seat.
  await waiterPage.goto(claimLink);
  await expect(waiterPage.getByRole("heading", { level: 1, name: "A place is held for you" })).toBeVisible();
  // The plan is chosen on the claim page itself; this tab holds the answers, so it goes straight to payment.
  await waiterPage.getByRole("radio", { name: "Starter" }).check();
  await waiterPage.getByRole("button", { name: "Pay for Starter" }).click();
  await waiterPage.getByRole("button", { name: /^Pay \$[\d.,]+ with Stripe$/ }).click();
  // The checkout is opened for the waitlisted address, which Stripe's page shows locked.
  await payOnStripe(waiterPage, "4242 4242 4242 4242", waiter);
  await expect(waiterPage).toHaveURL(/\/payment-success\?session_id=cs_test_/, { timeout: 20_000 });
  await expect(waiterPage.getByTestId("paid-cohort")).toHaveText(cohortName);
  await waiterContext.close();

  // The audit log holds the refund.
  await page.goto(`/operator/audit?actor=${encodeURIComponent(operator)}`);
  await expect(
    page.getByText(new RegExp(`^${operator.replace(/[.+]/g, "\\$&")} refunded \\$[\\d,.]+ of order [0-9A-F]{8} \\(full refund`)),
  ).toBeVisible();
  await page.goto(`/operator/audit?action=waitlist.offer&actor=system`);
  await expect(page.getByText(`system offered a place in cohort ${cohortName} to ${waiter} (held until `)).toBeVisible();
});

test("an operator approves a submitted story and it appears on /magic", async ({ page, browser }) => {
  // A visitor shares a story; until it is approved, /magic does not show it.
  const words = `Walking after lunch flattened my curve ${Date.now().toString(36)}`;
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/magic#story");
  const form = visitorPage.getByRole("form", { name: "Share Your Story" });
  await form.getByLabel("Your story").fill(words);
  await form.getByRole("button", { name: "Submit Story" }).click();
  await expect(visitorPage.getByRole("heading", { name: "Story Submitted!" })).toBeVisible();
  const carousel = visitorPage.locator('[aria-roledescription="carousel"][aria-label="Community posts"]');
  await visitorPage.goto("/magic#highlights");
  await expect(visitorPage.getByRole("button", { name: /^Go to post \d$/ })).toHaveCount(8);
  await expect(carousel.getByText(words)).toHaveCount(0);

  // The operator finds it among the pending stories and approves it.
  const operator = await signUpAndConfirm(page, "operator-stories");
  expect(grantOperator(operator)).toContain("is now an operator.");
  await page.goto("/operator/campaign/stories");
  const row = page.getByRole("row").filter({ hasText: words });
  await expect(row).toBeVisible();
  await expectNoAxeViolations(page);
  await row.getByRole("button", { name: /^Approve story #\d+$/ }).click();
  await expect(page.getByRole("row").filter({ hasText: words })).toHaveCount(0);

  // /magic shows it in its community posts, before the samples.
  await expect(async () => {
    // (A reload: going to the same address with its #highlights again would not load the page anew.)
    await visitorPage.reload();
    await expect(carousel.locator(`[aria-roledescription="slide"][aria-label="1 of 8"]`).getByText(words)).toBeAttached({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await visitor.close();

  // The audit log holds the approval.
  await page.goto(`/operator/audit?action=story.approve&actor=${encodeURIComponent(operator)}`);
  await expect(page.getByText(new RegExp(`^${operator.replace(/[.+]/g, "\\$&")} approved story `))).toBeVisible();
});
