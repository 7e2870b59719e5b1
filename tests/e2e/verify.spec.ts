import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, uniqueEmail, waitForMail } from "./helpers";
import { E2E_APP_URL, E2E_STRIPE_URL } from "./ports";
import { SAFETY_SCREEN_VERSION } from "../../lib/questionnaire/safety-screen";

// SPEC §2 verify-email: the link's failure states, and set-up with Google after a purchase. The
// password path (inbox link, set a password, dashboard) is part of the enrolment journey.

test("a set-up link without token or email toasts 'Invalid Link' and goes home", async ({ page }) => {
  await page.goto("/verify");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Invalid Link", { exact: true })).toBeVisible();
});

test("/verify-email without an email also goes home", async ({ page }) => {
  await page.goto("/verify-email?token=bogus-token-bogus-token-1");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Invalid Link", { exact: true })).toBeVisible();
});

test("an unknown set-up link shows 'Invalid Verification Link' with 'Return to Home'", async ({ page }) => {
  await page.goto("/verify?token=bogus-token-bogus-token-1&email=a@example.com");
  await expect(page.getByRole("heading", { level: 1, name: "Invalid Verification Link" })).toBeVisible();
  await expect(page.getByText("The verification link is invalid or has expired.").first()).toBeVisible();
  await expect(page.getByText("Verification Failed", { exact: true })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

// The e2e stack's Stripe stand-in and the local-only key from .env (playwright.config.ts).
const STRIPE_URL = E2E_STRIPE_URL;
const STRIPE_KEY = "sk_test_local_glucosechallenge_0000000000";
const KICKSTART_ID = "0c0a0000-0000-4000-8000-000000000001";

test("a buyer sets up the account with Google from the set-up link and lands on the dashboard in the cohort", async ({ page, request }) => {
  const created = await request.post("/api/payment/create-checkout-session", {
    data: {
      planType: "starter",
      hasCGM: false,
      successUrl: `${E2E_APP_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${E2E_APP_URL}/payment`,
      cohortId: KICKSTART_ID,
      metadata: {
        user_info: {
          agreeToTerms: true,
          termsVersion: "2025-07-31",
          termsAcceptedAt: new Date().toISOString(),
          safetyScreen: { version: SAFETY_SCREEN_VERSION, type1DiabetesOrInsulin: "no", pregnancy: "no", eatingDisorderHistory: "no" },
        },
      },
    },
  });
  expect(created.status()).toBe(200);
  const { sessionId } = ((await created.json()) as { data: { sessionId: string } }).data;
  const email = uniqueEmail("google-buyer");
  const paid = await request.post(`${STRIPE_URL}/_local/checkout/sessions/${sessionId}/pay`, {
    headers: { authorization: `Bearer ${STRIPE_KEY}` },
    data: { card: "4242424242424242", email, exp: "12/34", cvc: "123", name: "Google Buyer" },
  });
  expect(((await paid.json()) as { outcome: string }).outcome).toBe("succeeded");

  const setup = await waitForMail(email, /^Set up your Glucose Challenge account$/);
  await page.goto(setup.links.find((l) => l.includes("/verify?"))!);
  await expect(page.getByText("Recommended")).toBeVisible();
  await page.getByRole("link", { name: /Continue with Google/ }).click();
  // The local consent page stands in for Google; the buyer picks the address the link was sent to.
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 15_000 });
  await expect(page.getByText("Account Verified!").first()).toBeVisible();
  await expect(page.getByTestId("current-cohort-name")).toHaveText("Kickstart Cohort");
});
