import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { signUpAndConfirm } from "./auth-fixtures";
import { E2E_DATABASE_URL, expectNoAxeViolations, grantOperator, uniqueEmail, waitForMail } from "./helpers";

// An operator emails a cohort's participants from its page: a preview, a test to themselves, then
// the announcement through the outbox; a participant unsubscribes through the email's link, and
// the next announcement leaves them out.

/** A cohort with one participant who paid and set up the account: its id and name. */
async function cohortWithParticipant(participant: string): Promise<{ id: string; name: string }> {
  const sql = postgres(E2E_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    const name = `Announced ${Date.now().toString(36)}`;
    const [cohort] = await sql<{ id: string }[]>`
      insert into public.cohorts (cohort_name, status, start_cohort_date, end_cohort_date, participant_cap, participant_count, prospective_participant_count)
      values (${name}, 'upcoming', now() + interval '20 days', now() + interval '34 days', 10, 1, 1) returning id`;
    const [order] = await sql<{ id: string }[]>`
      insert into public.orders (email, plan_type, plan_name, has_cgm, cohort_id, subtotal_cents, tax_cents, total_cents, status, paid_at)
      values (${participant}, 'starter', 'Starter', false, ${cohort!.id}, 9900, 792, 10692, 'paid', now()) returning id`;
    await sql`insert into public.cohort_seats (cohort_id, order_id, email, status, enrolled_at) values (${cohort!.id}, ${order!.id}, ${participant}, 'enrolled', now())`;
    // The participant set up the account with that address (which confirms it and claims the seat).
    await sql`insert into auth.users (email, aud, role, email_confirmed_at) values (${participant}, 'authenticated', 'authenticated', now())`;
    return { id: cohort!.id, name };
  } finally {
    await sql.end();
  }
}

test("an operator previews, tests and sends an announcement; a participant unsubscribes and is left out of the next", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const operator = await signUpAndConfirm(page, "operator-announcer");
  grantOperator(operator);
  const participant = uniqueEmail("participant");
  const cohort = await cohortWithParticipant(participant);

  await page.goto(`/operator/cohorts/${cohort.id}`);
  const form = page.getByRole("form", { name: "Email the participants" });
  await form.getByLabel("Subject").fill("The first call moves to 8 am");
  await form.getByLabel("Message").fill("Hello all,\nthe first call is at 8 am your time.\n\nSee you there.");
  // (axe cannot look inside the preview's sandboxed frame, which runs no script: the page is checked without it.)
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Preview" }).click();
  await expect(form.getByRole("status")).toHaveText("Goes to 1 participant.");
  await expect(
    page
      .frameLocator('iframe[title="Preview of the announcement email"]')
      .locator("p")
      .filter({ hasText: "the first call is at 8 am your time." }),
  ).toBeVisible();

  await form.getByRole("button", { name: "Send me a test" }).click();
  await waitForMail(operator, /^\[Test\] The first call moves to 8 am$/);

  await form.getByRole("button", { name: "Send to participants" }).click();
  const dialog = page.getByRole("dialog", { name: "Email 1 participant?" });
  await dialog.getByRole("button", { name: "Send announcement" }).click();
  await expect(page.getByText("The announcement is on its way to 1 participant.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Announcements sent" })).toContainText("The first call moves to 8 am");
  await expectNoAxeViolations(page);

  // The participant reads it and unsubscribes through its link; opening the link changes nothing.
  const mail = await waitForMail(participant, /^The first call moves to 8 am$/);
  const link = mail.links.find((href) => href.includes("/announcements/unsubscribe"))!;
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto(link);
  await expect(readerPage.getByRole("heading", { level: 1, name: "Unsubscribe from cohort announcements" })).toBeVisible();
  await expectNoAxeViolations(readerPage);
  await readerPage.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(readerPage.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
  await reader.close();

  // The next announcement has nobody left to reach.
  await form.getByLabel("Subject").fill("A welcome note");
  await form.getByLabel("Message").fill("Welcome.");
  await form.getByRole("button", { name: "Preview" }).click();
  await expect(form.getByRole("status")).toHaveText("Goes to 0 participants. 1 unsubscribed from announcements.");
  await form.getByRole("button", { name: "Send to participants" }).click();
  await expect(form.getByRole("alert").first()).toContainText("There is nobody to email");
});
