import { expect, type Page } from "@playwright/test";
import { uniqueEmail, verifyLink, waitForMail } from "./helpers";

export const PASSWORD = "steady-glucose-42";

let visitors = 0;

/**
 * Signs up through /auth (`path` may carry a next); ends on the 'check your email' notice. Each
 * sign-up comes from an address of its own (the proxy header the e2e server trusts), as people
 * sign up from their own connections: the suite signs up more accounts in an hour than one address
 * may ask emails for (server/http/rate-limits.ts), which those limits are right to refuse.
 */
export async function signUp(page: Page, email: string, path = "/auth"): Promise<void> {
  visitors += 1;
  await page
    .context()
    .setExtraHTTPHeaders({ "x-forwarded-for": `10.${process.pid % 250}.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}` });
  await page.goto(path);
  await page.getByRole("tab", { name: "Sign up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("We've sent you a verification link to complete your signup.").first()).toBeVisible();
}

/** Signs up through /auth and confirms through the emailed link in the same browser; ends on /dashboard. */
export async function signUpAndConfirm(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUp(page, email);
  const mail = await waitForMail(email, /confirm/i);
  await page.goto(verifyLink(mail));
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(email)).toBeVisible();
  return email;
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth/);
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}
