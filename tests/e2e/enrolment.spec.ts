import { expect, test, type Page } from "@playwright/test";
import { SAFETY_CLEARANCE, SAFETY_QUESTIONS, SEE_YOUR_DOCTOR } from "../../lib/questionnaire/safety-screen";
import { answerSafetyScreen, cgmExperienceRadio, expectNoAxeViolations, payOnStripe, uniqueEmail, waitForMail } from "./helpers";

// SPEC §2 Enrolment and §4 Payment flow, against the embedded stack: the seeded cohorts and the
// Stripe stand-in's hosted checkout page.
const KICKSTART = "Kickstart Cohort";
const FULL_COHORT = "Holiday Steady Cohort";
const TERMS = "I agree to the terms and conditions";

const assistant = (page: Page) => page.getByRole("dialog", { name: "Glucose assistant" });

/** Starts every test as a returning visitor, so the assistant does not open by itself. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("gc_visited", "true"));
});

async function agreeAndContinue(page: Page) {
  await answerSafetyScreen(page);
  await page.getByRole("checkbox", { name: TERMS }).click();
  await page.getByRole("button", { name: "Continue to Choose Cohort" }).click();
  await expect(page).toHaveURL(/\/payment\?/);
}

async function chooseCohort(page: Page, name: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Choose Cohort" })).toBeVisible();
  await page.getByRole("button", { name: `Select ${name}` }).click();
  await expect(page.getByRole("button", { name: `Selected ${name}` })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
}

test("questionnaire → pricing → information → cohort → Stripe → 'Payment Successful!'", async ({ page }) => {
  // The questionnaire recommends Popular; its answers travel with the checkout.
  await page.goto("/our-team");
  await page.getByRole("button", { name: "AI assistant" }).click();
  for (const answer of ["Yes", "Yes", "No", "Yes", "No"]) {
    await assistant(page).getByRole("button", { name: answer, exact: true }).click();
  }
  await assistant(page).getByRole("button", { name: "Review My Plan" }).click();
  await expect(page).toHaveURL(/\/how-it-works#pricing$/);
  const pricing = page.locator("#pricing");
  await pricing.getByRole("switch", { name: /Include a CGM device/ }).click();
  await pricing.getByRole("link", { name: "Continue with Popular" }).click();

  // Step 1: the terms first, then on.
  await expect(page).toHaveURL(/\/user-info\?plan=popular&cgm=true$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your Information" })).toBeVisible();
  await expect(page.getByTestId("selected-plan-price")).toHaveText("$179");
  await cgmExperienceRadio(page, "No").check();
  await page.getByLabel("Dietary restrictions (optional)").fill("No peanuts");
  await answerSafetyScreen(page);
  await page.getByRole("button", { name: "Continue to Choose Cohort" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Please agree to terms and conditions.");
  await expect(page).toHaveURL(/\/user-info/);
  // A reload keeps what was typed (D12).
  await page.reload();
  await expect(page.getByLabel("Dietary restrictions (optional)")).toHaveValue("No peanuts");
  await agreeAndContinue(page);
  await expect(page).toHaveURL(/\/payment\?plan=popular&cgm=true$/);

  // Step 2: a full cohort cannot be chosen; Continue waits for a choice.
  await expect(page.getByRole("tab", { name: "All" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab")).toHaveCount(5);
  await expect(page.getByRole("button", { name: "Continue to Payment" })).toBeDisabled();
  await expect(page.getByRole("button", { name: `Full – ${FULL_COHORT}` })).toHaveAttribute("aria-disabled", "true");
  await chooseCohort(page, KICKSTART);

  // Step 3: the order summary and the countdown.
  await expect(page).toHaveURL(/\/payment\?plan=popular&cgm=true&step=pay$/);
  await expect(page.getByTestId("order-plan-name")).toHaveText("Popular plan");
  await expect(page.getByText("CGM devices included")).toBeVisible();
  await expect(page.getByText("Tax (8%)")).toBeVisible();
  await expect(page.getByText("$14.32")).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("$193.32");
  await expect(page.getByTestId("order-cohort-name")).toHaveText(KICKSTART);
  await expect(page.getByTestId("payment-countdown")).toHaveText(/^0[78]:\d\d$/);
  await page.getByRole("button", { name: "Pay $193.32 with Stripe" }).click();

  // Stripe's hosted page, then back to the site.
  const email = uniqueEmail("enrol");
  await payOnStripe(page, "4242 4242 4242 4242", email);
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  await expect(page.getByText("Check your email to set up your account password.")).toBeVisible();
  await expect(page.getByTestId("paid-plan")).toHaveText("Popular");
  await expect(page.getByTestId("paid-cohort")).toHaveText(KICKSTART);
  await expect(page.getByRole("button", { name: "Sign Up Now" })).toBeVisible();
  // The draft is done with: a new enrolment starts empty.
  expect(await page.evaluate(() => window.sessionStorage.getItem("gc_enrolment_draft"))).toBeNull();

  // The set-up email (D2) leads to /verify: a password, then the dashboard with the cohort.
  const setup = await waitForMail(email, /^Set up your Glucose Challenge account$/);
  const link = setup.links.find((l) => l.includes("/verify?"));
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password must be at least 8 characters long.").first()).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("a-long-enough-password");
  await page.getByLabel("Confirm password").fill("a-different-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Please make sure both passwords are identical.").first()).toBeVisible();
  await page.getByLabel("Confirm password").fill("a-long-enough-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Account Verified!").first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByTestId("current-cohort-name")).toHaveText(KICKSTART);
  // A toast still fading in would be judged half-transparent: wait until any is fully shown.
  if ((await page.locator("[data-sonner-toast]").count()) > 0) {
    await expect(page.locator("[data-sonner-toast]").first()).toHaveCSS("opacity", "1");
  }
  await expectNoAxeViolations(page);

  // The link works once.
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Invalid Verification Link" })).toBeVisible();
});

test("a declined card stays on Stripe's page, and its back link returns to /payment", async ({ page }) => {
  await page.goto("/user-info?plan=starter&cgm=false");
  await agreeAndContinue(page);
  await chooseCohort(page, KICKSTART);
  await page.getByRole("button", { name: "Pay $106.92 with Stripe" }).click();
  await payOnStripe(page, "4000 0000 0000 0002", uniqueEmail("declined"));
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await page.getByRole("link", { name: /back/i }).first().click();
  await expect(page).toHaveURL(/\/payment\?plan=starter&cgm=false&step=pay$/);
  await expect(page.getByRole("heading", { level: 1, name: "Payment" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay $106.92 with Stripe" })).toBeEnabled();
});

test("without a plan /user-info and /payment go to the pricing section; /payment without information goes to /user-info", async ({
  page,
}) => {
  await page.goto("/user-info");
  await expect(page).toHaveURL(/\/how-it-works#pricing$/);
  await page.goto("/payment?plan=gold");
  await expect(page).toHaveURL(/\/how-it-works#pricing$/);
  await page.goto("/payment?plan=premium&cgm=true");
  await expect(page).toHaveURL(/\/user-info\?plan=premium&cgm=true$/);
});

test("/payment-success without a session id cannot be verified", async ({ page }) => {
  await page.goto("/payment-success");
  await expect(page.getByRole("heading", { level: 1, name: "Payment Verification Failed" })).toBeVisible();
  await expect(page.getByText("No session ID found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Payment" })).toHaveAttribute("href", "/payment");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expectNoAxeViolations(page);
});

test("/user-info and both /payment steps have no serious axe violations", async ({ page }) => {
  await page.goto("/user-info?plan=premium&cgm=false");
  await expect(page.getByRole("checkbox", { name: TERMS })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Continue to Choose Cohort" }).click();
  // The three health questions and the terms, each with its alert.
  await expect(page.locator("form").getByRole("alert")).toHaveCount(4);
  // The toast fades in; contrast is judged once it is fully shown.
  await expect(page.locator("[data-sonner-toast]").first()).toHaveCSS("opacity", "1");
  await expectNoAxeViolations(page);
  // Its 4 s run out while the next steps load; the checks after it wait until it has faded away, or
  // one could read its text half faded out.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });

  await agreeAndContinue(page);
  await expect(page.getByRole("button", { name: `Select ${KICKSTART}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await chooseCohort(page, KICKSTART);
  await expect(page.getByTestId("order-cohort-name")).toHaveText(KICKSTART);
  await expectNoAxeViolations(page);
});

test("a 'yes' on the safety screen shows what to ask the doctor instead of a checkout, on any screen size", async ({ page }) => {
  await page.goto("/user-info?plan=popular&cgm=true");
  // Skippable only by answering.
  await page.getByRole("checkbox", { name: TERMS }).click();
  await page.getByRole("button", { name: "Continue to Choose Cohort" }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveCount(3);
  await expect(page).toHaveURL(/\/user-info/);
  await answerSafetyScreen(page, ["pregnancy"]);
  await page.getByRole("button", { name: "Continue to Choose Cohort" }).click();
  const pregnancy = SAFETY_QUESTIONS.find((q) => q.id === "pregnancy")!;
  await expect(page.getByRole("heading", { name: SEE_YOUR_DOCTOR.heading })).toBeFocused();
  await expect(page.getByRole("heading", { name: pregnancy.topic })).toBeVisible();
  await expect(page).toHaveURL(/\/user-info/);
  await expectNoAxeViolations(page);
  // The payment page sends a visitor without a cleared screen back here.
  await page.goto("/payment?plan=popular&cgm=true");
  await expect(page).toHaveURL(/\/user-info\?plan=popular&cgm=true$/);
});

test("a 'yes' can go on only through the link emailed for the doctor's go-ahead, never a tick in the same visit", async ({ page }) => {
  const insulin = SAFETY_QUESTIONS.find((q) => q.id === "type1DiabetesOrInsulin")!;
  await page.goto("/user-info?plan=popular&cgm=true");
  await answerSafetyScreen(page, [insulin.id]);
  await page.getByRole("checkbox", { name: TERMS }).click();
  await page.getByRole("button", { name: "Continue to Choose Cohort" }).click();
  const doctorPage = page.getByRole("region", { name: SEE_YOUR_DOCTOR.heading });
  await expect(page.getByRole("heading", { name: SEE_YOUR_DOCTOR.heading })).toBeFocused();
  await expect(doctorPage.getByRole("heading", { name: insulin.topic })).toBeVisible();
  // The one-click path is gone: nothing on the page says "my doctor has said yes" and goes on.
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /continue/i })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const email = uniqueEmail("cleared");
  await doctorPage.getByLabel(SEE_YOUR_DOCTOR.emailLabel).fill(email);
  await doctorPage.getByRole("button", { name: SEE_YOUR_DOCTOR.sendLabel }).click();
  await expect(doctorPage.getByRole("status")).toContainText(SEE_YOUR_DOCTOR.sentHeading);
  await expect(page).toHaveURL(/\/user-info/);
  await page.goto("/payment?plan=popular&cgm=true");
  await expect(page).toHaveURL(/\/user-info\?plan=popular&cgm=true$/);

  // Later, cleared: the link asks for the person's name and word before anything is recorded.
  const mail = await waitForMail(email, /^Your link for when your doctor has said yes$/);
  const link = mail.links.find((l) => new URL(l).pathname === "/safety-clearance");
  expect(link).toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: SAFETY_CLEARANCE.heading })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: SAFETY_CLEARANCE.confirmLabel }).click();
  await expect(page.getByText(SAFETY_CLEARANCE.nameRequired)).toBeVisible();
  await page.getByLabel(SAFETY_CLEARANCE.nameLabel).fill("Robin Example");
  await page.getByRole("checkbox", { name: SAFETY_CLEARANCE.clearanceLabel }).check();
  await page.getByRole("button", { name: SAFETY_CLEARANCE.confirmLabel }).click();
  await expect(page.getByRole("heading", { level: 1, name: SAFETY_CLEARANCE.confirmedHeading })).toBeVisible();

  // The clearance goes with the answers: the plan, the information (kept), a cohort and Stripe.
  await page.getByRole("link", { name: SAFETY_CLEARANCE.choosePlanLabel }).click();
  await expect(page).toHaveURL(/\/how-it-works#pricing$/);
  await page.locator("#pricing").getByRole("link", { name: "Continue with Popular" }).click();
  await expect(page).toHaveURL(/\/user-info\?plan=popular/);
  await expect(page.getByRole("group", { name: insulin.question }).getByRole("radio", { name: "Yes" })).toBeChecked();
  await page.getByRole("button", { name: "Continue to Choose Cohort" }).click();
  await chooseCohort(page, KICKSTART);
  await page.getByRole("button", { name: /^Pay \$[\d.,]+ with Stripe$/ }).click();
  await expect(page.getByLabel("Card number")).toBeVisible({ timeout: 20_000 });

  // Used once: the link records nothing more.
  await page.goto(link!);
  await page.getByLabel(SAFETY_CLEARANCE.nameLabel).fill("Someone Else");
  await page.getByRole("checkbox", { name: SAFETY_CLEARANCE.clearanceLabel }).check();
  await page.getByRole("button", { name: SAFETY_CLEARANCE.confirmLabel }).click();
  await expect(page.getByRole("heading", { level: 1, name: SAFETY_CLEARANCE.usedHeading })).toBeVisible();
});
