import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import { signUpAndConfirm } from "./auth-fixtures";
import { E2E_DATABASE_URL, expectNoAxeViolations, grantOperator, uniqueEmail } from "./helpers";

// An operator changes what the programme says without a deploy: the morning text, edited with the
// placeholders it may use and a preview of what a member reads, saved, still there after a reload,
// then back to its default. The cohort's page shows what the programme sent, what is next, who was
// moved to email, and the feedback, on a phone as on a desktop.

const DEFAULT_MORNING = "{cohort}: day {day} of {total_days}, {week}.\nToday's plan: {plan}";

test("an operator edits the morning text, sees the preview, saves it and finds it after a reload", async ({ page }) => {
  test.setTimeout(120_000);
  const operator = await signUpAndConfirm(page, "operator-programme");
  expect(grantOperator(operator)).toContain(`${operator} is now an operator.`);

  await page.goto("/operator");
  await page.getByRole("navigation", { name: "Operator" }).getByRole("link", { name: "Programme" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Programme" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("list", { name: "Messages" }).getByRole("link", { name: "Every morning" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Every morning" })).toBeVisible();

  const form = page.getByRole("form", { name: "Edit “Every morning”" });
  const text = form.getByLabel("Text");
  const preview = page.getByRole("status", { name: "Preview" });
  await expect(text).toHaveValue(DEFAULT_MORNING);
  await expect(form.getByRole("list", { name: "Placeholders" })).toContainText("{plan} The day's plan");

  // A placeholder this text does not offer is said in place, before anything is sent.
  await text.fill("Hello {password}");
  await expect(form.getByText("{password} is not a placeholder this text can use")).toBeVisible();

  const edited = "Good morning {name}! Day {day} of {cohort}.\n{plan}";
  await text.fill(edited);
  await expect(preview).toContainText("Good morning Alex! Day 3 of January cohort.");
  await expect(preview).toContainText("Log your breakfast carefully");
  await expect(preview).toContainText("Change the hour or the channel, or pause: https://example.org/dashboard#programme");
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("“Every morning” is saved: the programme uses it from now on.")).toBeVisible();

  await page.reload();
  await expect(form.getByLabel("Text")).toHaveValue(edited);
  await expect(page.getByTestId("programme-text-state")).toContainText(`Edited by ${operator}`);
  await page.goto("/operator/programme");
  await expect(page.getByRole("list", { name: "Messages" }).getByRole("listitem").filter({ hasText: "Every morning" })).toContainText(
    "Edited",
  );

  // Back to the default, by keyboard.
  await page.goto("/operator/programme/morning");
  await form.getByRole("button", { name: "Back to the default" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("“Every morning” is back to its default.")).toBeVisible();
  await expect(form.getByLabel("Text")).toHaveValue(DEFAULT_MORNING);
  await page.reload();
  await expect(page.getByTestId("programme-text-state")).toHaveText("The default text.");
});

const PHONE = { width: 390, height: 844 };

async function expectFitsPhone(page: Page, path: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${path} is ${scrollWidth} px wide`).toBeLessThanOrEqual(PHONE.width);
}

/** A running cohort (day 4 today, UTC) with two members: what the programme sent them, a blocked bot, their feedback. */
async function cohortWithProgramme(): Promise<{ id: string; ada: string; ben: string }> {
  const sql = postgres(E2E_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    const [cohort] = await sql<{ id: string }[]>`
      insert into public.cohorts (cohort_name, status, start_cohort_date, end_cohort_date, participant_cap)
      values (${`Programme ${Date.now().toString(36)}`}, 'active', date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '3 days',
        date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' + interval '11 days', 10)
      returning id`;
    const seat = async (email: string) => {
      const [user] = await sql<{ id: string }[]>`
        insert into auth.users (email, aud, role, email_confirmed_at) values (${email}, 'authenticated', 'authenticated', now()) returning id`;
      const [row] = await sql<{ id: string }[]>`
        insert into public.cohort_seats (cohort_id, user_id, email, status, enrolled_at) values (${cohort!.id}, ${user!.id}, ${email}, 'enrolled', now()) returning id`;
      return { userId: user!.id, seatId: row!.id };
    };
    const [ada, ben] = [uniqueEmail("programme-ada"), uniqueEmail("programme-ben")];
    const a = await seat(ada);
    const b = await seat(ben);
    await sql`
      insert into public.programme_sends (seat_id, user_id, cohort_id, message, for_date, day, channel, skipped_reason, created_at) values
        (${a.seatId}, ${a.userId}, ${cohort!.id}, 'morning', current_date - 1, 3, 'bot', null, now() - interval '1 day'),
        (${b.seatId}, ${b.userId}, ${cohort!.id}, 'morning', current_date - 1, 3, 'skipped', 'Its hour passed more than 3 hours ago', now() - interval '20 hours')`;
    await sql`insert into public.programme_preferences (user_id, channel, bot_blocked_at) values (${b.userId}, 'bot', now() - interval '2 days')`;
    await sql`
      insert into public.programme_feedback (seat_id, user_id, cohort_id, score, comment) values
        (${a.seatId}, ${a.userId}, ${cohort!.id}, 5, 'I finally know what breakfast does to me.'),
        (${b.seatId}, ${b.userId}, ${cohort!.id}, 4, null)`;
    return { id: cohort!.id, ada, ben };
  } finally {
    await sql.end();
  }
}

test("the cohort's page shows what the programme sent, what is next, who moved to email and the feedback, on a phone too", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const operator = await signUpAndConfirm(page, "operator-programme-report");
  expect(grantOperator(operator)).toContain(`${operator} is now an operator.`);
  const cohort = await cohortWithProgramme();

  await page.goto(`/operator/cohorts/${cohort.id}`);
  const section = page.getByRole("region", { name: "Programme", exact: true });
  await expect(section.getByTestId("programme-next")).toContainText("Day 4's morning plan, today, at each member's hour");
  await expect(section.getByTestId("programme-next")).toContainText("Day 5's morning plan, tomorrow");
  await expect(section.getByRole("list", { name: "Members moved to email" })).toContainText(cohort.ben);
  await expect(section.getByTestId("programme-feedback-summary")).toHaveText("Average 4.5 of 5 from 2 answers.");
  await expect(section.getByRole("list", { name: "Feedback received" })).toContainText("I finally know what breakfast does to me.");
  // (The programme's own schedule may add today's messages meanwhile: the rows written here are looked for by content.)
  const sent = section.getByRole("table", { name: "Programme messages, newest first" });
  await expect(sent.getByRole("row").filter({ hasText: cohort.ben }).filter({ hasText: "Day 3's morning plan" })).toContainText(
    "Skipped: Its hour passed more than 3 hours ago",
  );
  await expect(sent.getByRole("row").filter({ hasText: cohort.ada }).filter({ hasText: "Day 3's morning plan" })).toContainText(
    "Coach bot",
  );
  await expectNoAxeViolations(page);

  for (const path of [`/operator/cohorts/${cohort.id}`, "/operator/programme", "/operator/programme/morning"])
    await expectFitsPhone(page, path);
  await expectNoAxeViolations(page);
});
