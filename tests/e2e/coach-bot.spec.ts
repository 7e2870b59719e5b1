import { expect, test, type Page } from "@playwright/test";
import { answerSafetyScreen, cgmExperienceRadio, payOnStripe, uniqueEmail, waitForMail } from "./helpers";

// A member who has just paid sets up the coach bot from the dashboard, talks to it in the
// Telegram stand-in's chat page, and the dashboard shows the walkthrough complete.
const KICKSTART = "Kickstart Cohort";
const PASSWORD = "a-long-enough-password";

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("gc_visited", "true"));
});

/** Pays for Starter in the Kickstart cohort and sets the account up through the emailed link; ends on /dashboard. */
async function payAndSetUpAccount(page: Page, email: string) {
  await page.goto("/user-info?plan=starter&cgm=false");
  await cgmExperienceRadio(page, "No").check();
  await answerSafetyScreen(page);
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).click();
  await page.getByRole("button", { name: "Continue to Choose Cohort" }).click();
  await page.getByRole("button", { name: `Select ${KICKSTART}` }).click();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.getByRole("button", { name: /^Pay \$[\d.]+ with Stripe$/ }).click();
  await payOnStripe(page, "4242 4242 4242 4242", email);
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/, { timeout: 20_000 });
  const setup = await waitForMail(email, /^Set up your Glucose Challenge account$/);
  await page.goto(setup.links.find((l) => l.includes("/verify?"))!);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
}

/** Whether the coach bot section comes before the referral stat cards on the dashboard. */
async function walkthroughBeforeReferrals(page: Page): Promise<boolean> {
  await expect(page.getByTestId("stat-visitors")).toBeVisible();
  return page.locator("#bot-setup").evaluate((section) => {
    const stats = document.querySelector('[data-testid="stat-visitors"]');
    return stats !== null && Boolean(section.compareDocumentPosition(stats) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
}

test("paid member → walkthrough → bot link in the chat page → greeting → /today → walkthrough complete", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("coachbot");
  await payAndSetUpAccount(page, email);

  const walkthrough = page.locator("#bot-setup");
  await expect(walkthrough.getByRole("heading", { name: "Set up your coach bot" })).toBeVisible();
  // Paid and not linked yet, the walkthrough is the next thing to do: it comes first.
  expect(await walkthroughBeforeReferrals(page)).toBe(true);
  await expect(walkthrough.getByText("Step 1 of 4")).toBeVisible();
  await expect(walkthrough.getByRole("button", { name: "Next" })).toBeDisabled();
  // Steps after the current one cannot be jumped to before the one before them is done.
  await expect(walkthrough.getByRole("button", { name: /Open the Bot Link/ })).toBeDisabled();

  // Step 1: the QR code (192 px), opened on "the phone": a second browser without the session. Its
  // link is made once the walkthrough comes near the screen, as the member scrolls to it.
  await walkthrough.scrollIntoViewIfNeeded();
  const qr = walkthrough.getByRole("img", { name: "QR code that continues the set-up on your phone" });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.width])).toEqual([192, 192]);
  const qrUrl = await walkthrough.getByTestId("qr-link").getAttribute("href");
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await phonePage.goto(qrUrl!);
  // The laptop sees the scan, says where the sign-in link went and moves on after 1 s.
  const sent = `A secure login link has been sent to ${email}. Please check your email and click the link to continue on your mobile device.`;
  await expect(page.getByText(sent).first()).toBeVisible({ timeout: 10_000 });
  await expect(walkthrough.getByText("Step 2 of 4")).toBeVisible({ timeout: 5_000 });
  // The phone signs in with the emailed one-time link and lands on the dashboard at that step.
  const signIn = await waitForMail(email, /^Your sign-in link$/);
  await phonePage.goto(signIn.links.find((l) => l.includes("/auth/confirm"))!);
  await expect(phonePage).toHaveURL(/\/dashboard\?step=1&mobile=true&qr=true$/, { timeout: 15_000 });
  await expect(phonePage.locator("#bot-setup").getByText("Step 2 of 4")).toBeVisible();
  await phone.close();

  // Steps 2 and 3: marked done by hand, each moves on after 0.5 s.
  await walkthrough.getByRole("button", { name: "Mark as done" }).click();
  await expect(walkthrough.getByText("Step 3 of 4")).toBeVisible();
  await walkthrough.getByRole("button", { name: "Mark as done" }).click();
  await expect(walkthrough.getByText("Step 4 of 4")).toBeVisible();
  await expect(walkthrough.getByRole("button", { name: "Finish" })).toBeEnabled();

  // Step 4: the one-time bot link opens the stand-in's chat page.
  const [chat] = await Promise.all([
    page.context().waitForEvent("page"),
    walkthrough.getByRole("link", { name: "Open the coach bot" }).click(),
  ]);
  await chat.getByLabel("First name").fill("Robin");
  await chat.getByRole("button", { name: "Continue" }).click();
  await chat.getByRole("button", { name: "Start" }).click();
  const messages = chat.getByRole("list", { name: "Messages" });
  // The bot names the account by its whole address (a look-alike cannot pass for it) and links
  // only once the Telegram user says yes.
  const address = email.toLowerCase();
  await expect(messages.getByText(`to the Glucose Challenge account ${address}. Is that your account?`, { exact: false })).toBeVisible({
    timeout: 10_000,
  });
  await chat.getByRole("group", { name: "Reply buttons" }).getByRole("button", { name: "Yes, link my account" }).click();
  await expect(messages.getByText(`Hi Robin! Your coach bot is now linked to ${address}.`, { exact: false })).toBeVisible({
    timeout: 10_000,
  });
  await chat.getByRole("textbox", { name: "Message" }).fill("/today");
  await chat.getByRole("button", { name: "Send" }).click();
  await expect(messages.getByText(new RegExp(`${KICKSTART}(: day \\d+ of 14|\\. It starts (today|in \\d+ days?))`))).toBeVisible({
    timeout: 10_000,
  });

  // The dashboard notices the link and the walkthrough completes and hides itself.
  await expect(walkthrough.getByRole("heading", { name: "Your coach bot is set up" })).toBeVisible({ timeout: 10_000 });
  await page.reload();
  await expect(page.locator("#bot-setup").getByRole("heading", { name: "Your coach bot is set up" })).toBeVisible();
  // Linked, it sits below the referral cards again.
  expect(await walkthroughBeforeReferrals(page)).toBe(false);
  // The header forces it open again.
  await page.getByRole("link", { name: "Set up your coach bot" }).click();
  await expect(page.locator("#bot-setup").getByText("Step 4 of 4")).toBeVisible();
  await expect(page.locator("#bot-setup").getByText(/^Connected\. Your coach bot is ready\.$|^Connected as @/)).toBeVisible();
});

test("/auth with a Telegram id but without the coach bot's proof says nothing was linked and what to do", async ({ page }) => {
  await page.goto("/auth?telegram_id=424242");
  const notice = page.getByRole("alert").filter({ hasText: "Your Telegram account was not linked" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Send /start to the coach bot in Telegram for a new sign-in link");
  await expect(page.getByRole("heading", { level: 1, name: "Log in to your account" })).toBeVisible();
});

test("the widget test page logs in with Telegram and shows what the server verified", async ({ page }) => {
  await page.goto("/telegram-widget-test");
  await expect(page.getByRole("heading", { level: 1, name: "Telegram login test" })).toBeVisible();
  const [consent] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Log in with Telegram" }).click()]);
  await consent.getByLabel("First name").fill("Ada");
  await consent.getByLabel("Last name (optional)").fill("Lovelace");
  await consent.getByLabel("Username (optional)").fill("ada_lovelace");
  await consent.getByRole("button", { name: "Accept" }).click();
  const card = page.getByRole("region", { name: "Logged in with Telegram" });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card.getByTestId("telegram-id")).toHaveText(/^\d+$/);
  await expect(card.getByText("Ada Lovelace")).toBeVisible();
  await expect(card.getByText("@ada_lovelace")).toBeVisible();
  await expect(card.getByRole("img", { name: "Photo of Ada Lovelace" })).toBeVisible();
  await expect(card.getByText(/ UTC$/)).toBeVisible();
});
