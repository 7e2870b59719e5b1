import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import { signUpAndConfirm } from "./auth-fixtures";
import { E2E_PORTS } from "./ports";

// D19: a cohort dated Dec 1 – Dec 15 is the same dates for everyone, and the dashboard's card counts
// "starts in N days" from the member's own calendar date in the time zone stored on their account
// (the browser's, recorded on their first visit, and editable on the dashboard). At 18:00 UTC on
// Nov 28 it is 10:00 on Nov 28 in Los Angeles (3 days to go) and 03:00 on Nov 29 in Tokyo (2 days).

const DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${E2E_PORTS.db}/postgres`;
const MOMENT = new Date("2026-11-28T18:00:00.000Z");

/** Seats the member (by email) in a new cohort of their own dated Dec 1 – Dec 15, 2026, stored as cohort dates are. */
async function seatInDecemberCohort(email: string): Promise<void> {
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    const [cohort] = await sql<{ id: string }[]>`
      insert into public.cohorts (cohort_name, status, start_cohort_date, end_cohort_date, duration_days, participant_cap, participant_count, prospective_participant_count)
      values (${`December ${Date.now().toString(36)}`}, 'upcoming', '2026-12-01T00:00:00Z', '2026-12-15T00:00:00Z', 14, 20, 1, 1)
      returning id`;
    await sql`
      insert into public.cohort_seats (cohort_id, user_id, email, status, role, enrolled_at)
      select ${cohort!.id}, id, email, 'enrolled', 'participant', now() from public.users where email = ${email}`;
  } finally {
    await sql.end();
  }
}

/** A new member in this browser, seated in the December cohort, on the dashboard at MOMENT. */
async function memberOnDashboard(page: Page, prefix: string): Promise<void> {
  const email = await signUpAndConfirm(page, prefix);
  await seatInDecemberCohort(email);
  await page.clock.setFixedTime(MOMENT);
  await page.reload();
  await expect(page.getByTestId("current-cohort-dates")).toHaveText("Dec 1, 2026 – Dec 15, 2026");
}

test.describe("in Los Angeles", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("the card counts 3 days to Dec 1 from Nov 28, and follows the zone the member chooses", async ({ page }) => {
    await memberOnDashboard(page, "tz-la");
    await expect(page.getByTestId("current-cohort-day")).toHaveText("Starts in 3 days");
    // The browser's zone was stored on the first visit: the coach bot counts in it too.
    await expect(page.getByTestId("time-zone-current")).toHaveText(
      "Your cohort's days, here and from the coach bot, are counted in America/Los_Angeles.",
    );

    const card = page.getByRole("region", { name: "Your time zone" });
    await card.getByLabel("Time zone").selectOption("Asia/Tokyo");
    await card.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByTestId("time-zone-current")).toHaveText(
      "Your cohort's days, here and from the coach bot, are counted in Asia/Tokyo.",
    );
    await expect(page.getByTestId("current-cohort-day")).toHaveText("Starts in 2 days");
    await page.reload();
    await expect(page.getByTestId("current-cohort-day")).toHaveText("Starts in 2 days");
  });
});

test.describe("in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("the card counts 2 days to Dec 1 from Nov 29, the same dates read a day later", async ({ page }) => {
    await memberOnDashboard(page, "tz-tokyo");
    await expect(page.getByTestId("current-cohort-day")).toHaveText("Starts in 2 days");
    await expect(page.getByTestId("time-zone-current")).toHaveText(
      "Your cohort's days, here and from the coach bot, are counted in Asia/Tokyo.",
    );
  });
});
