import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

import { SAFETY_QUESTIONS } from "../../lib/questionnaire/safety-screen";
import { E2E_INBOX_URL, E2E_PORTS } from "./ports";

export const INBOX_URL = E2E_INBOX_URL;

/** The e2e run's own database (the app's stack on its e2e ports). */
export const E2E_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${E2E_PORTS.db}/postgres`;

/** `npm run operator -- grant EMAIL` against this run's database; what the command printed. */
export function grantOperator(email: string): string {
  const env = { ...process.env, DATABASE_URL: E2E_DATABASE_URL };
  return execFileSync("npm", ["run", "--silent", "operator", "--", "grant", email], { env, encoding: "utf8", timeout: 60_000 });
}

/**
 * No accessibility violation of any impact: WCAG 2.1 A and AA, and axe's best practices (one banner,
 * one main, landmarks told apart, headings in order ...).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Finite animations (a toast sliding and fading in) are let finish first: half-way through, a
  // text's colour is not yet its own, and the contrast check would read the blend.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(
    results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 5) })),
  ).toEqual([]);
}

export type InboxMessage = { id: string; to: string[]; subject: string; links: string[] };

export async function inboxFor(address: string): Promise<InboxMessage[]> {
  const response = await fetch(`${INBOX_URL}/api/messages?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { messages: InboxMessage[] }).messages;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The newest message for an address whose subject matches, waiting (bounded) for it to arrive. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 10_000): Promise<InboxMessage> {
  for (let attempt = 0; attempt < timeoutMs / 200; attempt++) {
    const found = (await inboxFor(address)).find((m) => subject.test(m.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail matching ${subject} for ${address}`);
}

/** The auth link in a message: the site's /auth/confirm with a token hash (supabase/templates). */
export function verifyLink(message: InboxMessage): string {
  const link = message.links.find((l) => new URL(l).pathname === "/auth/confirm");
  if (!link) throw new Error(`No confirmation link in "${message.subject}"`);
  return link;
}

/** On /user-info: answers the three health questions of the safety screen (each 'no' unless given). */
export async function answerSafetyScreen(page: Page, yes: readonly string[] = []): Promise<void> {
  for (const q of SAFETY_QUESTIONS) {
    await page
      .getByRole("group", { name: q.question })
      .getByRole("radio", { name: yes.includes(q.id) ? "Yes" : "No" })
      .check();
  }
}

/** On /user-info: the 'Have you worn a CGM before?' radio. */
export function cgmExperienceRadio(page: Page, answer: "Yes" | "No") {
  return page.getByRole("group", { name: "Have you worn a continuous glucose monitor (CGM) before?" }).getByRole("radio", { name: answer });
}

/** Fills the Stripe stand-in's hosted checkout page and submits it. */
export async function payOnStripe(page: Page, card: string, email: string): Promise<void> {
  await expect(page.getByLabel("Card number")).toBeVisible();
  // A checkout opened for a given address (a signed-in buyer, a waitlist claim) shows it locked.
  const emailField = page.getByLabel("Email", { exact: true });
  if (await emailField.isEditable()) await emailField.fill(email);
  else await expect(emailField).toHaveValue(email);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiration (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Robin Example");
  await page.getByRole("button", { name: /^(Subscribe|Pay)/ }).click();
}

/** A UTC day `days` from today, as a date input takes it. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The enrolment steps up to the cohort picker, for the Starter plan without a CGM. */
export async function openCohortPicker(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem("gc_visited", "true"));
  await page.goto("/user-info?plan=starter&cgm=false");
  await answerSafetyScreen(page);
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await page.getByRole("button", { name: "Continue to Choose Cohort" }).click();
}

/**
 * Whether the cohort picker shows the cohort (its Select button or, when full, its waitlist
 * button), turning its pages as a visitor would: other tests' cohorts may start sooner.
 */
export async function pickerShows(page: Page, cohortName: string): Promise<boolean> {
  const card = page
    .getByRole("button", { name: `Select ${cohortName}` })
    .or(page.getByRole("button", { name: `Join the waitlist for ${cohortName}` }));
  await expect(page.getByRole("list", { name: "Cohorts" })).toBeVisible();
  const pages = page.getByRole("navigation", { name: "Cohort pages" });
  for (let next = 2; ; next += 1) {
    if (await card.first().isVisible()) return true;
    const button = pages.getByRole("button", { name: `Page ${next}`, exact: true });
    if ((await button.count()) === 0) return false;
    await button.click();
    await expect(button).toHaveAttribute("aria-current", "page");
  }
}
