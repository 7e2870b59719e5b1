import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { signUpAndConfirm } from "./auth-fixtures";
import { E2E_DATABASE_URL, expectNoAxeViolations } from "./helpers";

// A member's programme messages on the dashboard: the morning hour in their own zone, the channel
// and a pause, kept across a reload; and, once their cohort ended and the question was asked by
// email, the feedback form it points to (/dashboard#feedback).

/** The programme asked the member (by email) how their cohort was, once it ended yesterday. */
async function askFeedback(email: string): Promise<void> {
  const sql = postgres(E2E_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    const [cohort] = await sql<{ id: string }[]>`
      insert into public.cohorts (cohort_name, status, start_cohort_date, end_cohort_date, duration_days, participant_cap)
      values (${`Autumn ${Date.now().toString(36)}`}, 'postcohort', now() - interval '15 days', now() - interval '1 day', 14, 20)
      returning id`;
    const [seat] = await sql<{ id: string; user_id: string }[]>`
      insert into public.cohort_seats (cohort_id, user_id, email, status, role, enrolled_at)
      select ${cohort!.id}, id, email, 'enrolled', 'participant', now() - interval '20 days' from public.users where email = ${email}
      returning id, user_id`;
    await sql`
      insert into public.programme_sends (seat_id, user_id, cohort_id, message, for_date, channel)
      values (${seat!.id}, ${seat!.user_id}, ${cohort!.id}, 'feedback', current_date, 'email')`;
  } finally {
    await sql.end();
  }
}

test.use({ timezoneId: "Europe/Lisbon" });

test("a member changes the hour and pauses, reloads and sees it; then answers the feedback question", async ({ page }) => {
  const email = await signUpAndConfirm(page, "programme");
  const card = page.getByRole("region", { name: "Programme messages" });
  await expect(card.getByTestId("programme-summary")).toContainText("08:00 (Europe/Lisbon), by email");
  await expect(card.getByTestId("programme-bot-needs-link")).toBeVisible();

  // By keyboard: the hour, then the save button.
  const hour = card.getByLabel("Morning hour (Europe/Lisbon)");
  await hour.focus();
  await hour.selectOption("6");
  await card.getByRole("radio", { name: /Email/ }).check();
  await card.getByRole("button", { name: "Save" }).press("Enter");
  await expect(card.getByTestId("programme-summary")).toContainText("06:00 (Europe/Lisbon), by email");
  await card.getByRole("button", { name: "Pause messages" }).click();
  await expect(card.getByTestId("programme-summary")).toContainText("Paused");
  await expect(card.getByRole("button", { name: "Resume messages" })).toBeVisible();

  await page.reload();
  await expect(card.getByTestId("programme-summary")).toContainText("Paused");
  await expect(card.getByLabel("Morning hour (Europe/Lisbon)")).toHaveValue("6");
  await expect(card.getByRole("radio", { name: /Email/ })).toBeChecked();
  await expect(page.getByRole("region", { name: "How was it?" })).toHaveCount(0);

  await askFeedback(email);
  // As from the email's link: a new page load (not a jump within the page already open).
  await page.goto("about:blank");
  await page.goto("/dashboard#feedback");
  const feedback = page.getByRole("region", { name: "How was it?" });
  await feedback.getByRole("button", { name: "Send my answer" }).click();
  await expect(feedback.getByRole("alert")).toHaveText("Choose a score from 1 to 5.");
  // The scores are buttons drawn by their labels; by keyboard the arrows move between them.
  await feedback.locator("label", { hasText: /^3$/ }).click();
  await page.keyboard.press("ArrowRight");
  await expect(feedback.getByRole("radio", { name: "4" })).toBeChecked();
  await feedback.getByLabel("One line, if you like").fill("More recipes please");
  await feedback.getByRole("button", { name: "Send my answer" }).click();
  await expect(feedback.getByTestId("feedback-answered")).toContainText("4/5");
  await page.reload();
  await expect(page.getByTestId("feedback-answered")).toContainText("More recipes please");
  await expectNoAxeViolations(page);

  // On a phone the cards stack, nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 760 });
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 360).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
