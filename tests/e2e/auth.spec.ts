import { expect, test } from "@playwright/test";
import { PASSWORD, logIn, signOut, signUp, signUpAndConfirm } from "./auth-fixtures";
import { INBOX_URL, expectNoAxeViolations, uniqueEmail, verifyLink, waitForMail } from "./helpers";
import { E2E_APP_URL } from "./ports";

test("a signed-out visitor to /dashboard is sent to /auth", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("sign up, confirm by email, land on the dashboard, sign out and sign back in", async ({ page }) => {
  const email = await signUpAndConfirm(page, "signup");
  await expect(page.getByText("Welcome back")).toBeVisible();
  await expect(page.getByText(/Last updated: Just now/)).toBeVisible();
  await expectNoAxeViolations(page);

  await signOut(page);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth/);

  await logIn(page, email);
  await expect(page.getByText("You've successfully logged in.")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(email)).toBeVisible();

  // A signed-in visitor of /auth goes straight to the dashboard.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a wrong password is refused with the auth service's message", async ({ page }) => {
  const email = await signUpAndConfirm(page, "wrongpw");
  await signOut(page);
  await logIn(page, email, "not-the-password");
  await expect(page.getByText("Authentication Error")).toBeVisible();
  await expect(page.getByText("Invalid login credentials")).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test("the forms check their fields before sending", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByText("Email required", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Please enter your email address to reset your password.").first()).toBeVisible();
  await page.getByRole("tab", { name: "Sign up" }).click();
  await page.getByLabel("Email").fill(uniqueEmail("short"));
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password must be at least 8 characters long.").first()).toBeVisible();
});

test("forgot password: reset by email, then sign in with the new password", async ({ page }) => {
  const email = await signUpAndConfirm(page, "reset");
  await signOut(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByText("Check your email for the password reset link.")).toBeVisible();

  const mail = await waitForMail(email, /reset/i);
  await page.goto(verifyLink(mail));
  await expect(page).toHaveURL(/\/auth\/reset-password/);
  await expectNoAxeViolations(page);
  const newPassword = "a-brand-new-secret-7";
  const fields = page.getByLabel(/password/i);
  await fields.nth(0).fill(newPassword);
  await fields.nth(1).fill("something-else-entirely");
  await page.getByRole("button", { name: /password/i }).click();
  await expect(page.getByText("Please make sure both passwords are identical.").first()).toBeVisible();
  await fields.nth(1).fill(newPassword);
  await page.getByRole("button", { name: /password/i }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await signOut(page);
  await logIn(page, email, PASSWORD);
  await expect(page.getByText("Invalid login credentials")).toBeVisible();
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("email links work in another browser: the confirmation asks that browser for a password, a reset lets it set one", async ({
  page,
  browser,
}) => {
  // Two sign-ins, two emailed links and three browsers: a long journey.
  test.slow();
  const email = uniqueEmail("phone");
  await signUp(page, email, "/auth?next=%2Fhow-it-works");

  // The email is read on a phone: another browser, without the cookies of the one that signed up.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await phonePage.goto(verifyLink(await waitForMail(email, /confirm/i)));
  await expect(phonePage).toHaveURL(/\/auth\/reset-password\?next=%2Fhow-it-works$/);
  const fields = phonePage.getByLabel(/password/i);
  await fields.nth(0).fill("chosen-on-the-phone-1");
  await fields.nth(1).fill("chosen-on-the-phone-1");
  await phonePage.getByRole("button", { name: "Save new password" }).click();
  await expect(phonePage).toHaveURL(/\/how-it-works$/);

  // The password typed at sign-up was not kept; the one chosen after confirming signs in.
  await logIn(page, email, PASSWORD);
  await expect(page.getByText("Invalid login credentials")).toBeVisible();
  await logIn(page, email, "chosen-on-the-phone-1");
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);

  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByText("Check your email for the password reset link.")).toBeVisible();
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await laptopPage.goto(verifyLink(await waitForMail(email, /reset/i)));
  await expect(laptopPage).toHaveURL(/\/auth\/reset-password$/);
  await expect(laptopPage.getByLabel("New password", { exact: true })).toBeVisible();
  await phone.close();
  await laptop.close();
});

test("a one-time sign-in link signs an existing member in", async ({ page }) => {
  const email = await signUpAndConfirm(page, "magic");
  await signOut(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  const mail = await waitForMail(email, /sign-in link/i);
  await page.goto(verifyLink(mail));
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(email)).toBeVisible();
});

test("a sign-in link asked for an unknown address sends nothing and reveals nothing", async ({ page }) => {
  const email = uniqueEmail("nobody");
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText(email).first()).toBeVisible();
  await page.waitForTimeout(500);
  const response = await fetch(`${INBOX_URL}/api/messages?to=${encodeURIComponent(email)}`);
  expect(((await response.json()) as { messages: unknown[] }).messages).toHaveLength(0);
});

test("sign in with Google through the local consent page", async ({ page }) => {
  const email = uniqueEmail("google");
  await page.goto("/auth");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page.getByRole("button", { name: "Continue" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  // The callback exchanges the code, then the dashboard renders on the server: seconds on a busy machine.
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 15_000 });
  await expect(page.getByText(email)).toBeVisible();
});

test("a crafted next parameter never leaves the site", async ({ page }) => {
  const email = await signUpAndConfirm(page, "redirect");
  // Open redirect through dot segments: a signed-in visitor of /auth is sent on to `next` at once.
  for (const next of ["/.//evil.example", "/a/..//evil.example", "/%252e//evil.example", "/%255C%255Cevil.example"]) {
    await page.goto(`/auth?next=${next}`);
    await expect(page).toHaveURL(new RegExp(`^${E2E_APP_URL}/dashboard`));
  }
  await signOut(page);
  await page.goto("/auth?next=//evil.example/steal");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E_APP_URL}/dashboard`));
});

test.describe("app-level limits", () => {
  test("sign-in attempts on one account are limited: 429 with Retry-After", async ({ request }) => {
    const email = uniqueEmail("guess");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await request.post("/api/auth/sign-in", { data: { email, password: `wrong-${i}-password` } });
      statuses.push(response.status());
      if (response.status() === 429) {
        expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
        expect((await response.json()).code).toBe("rate_limited");
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  test("auth emails per address are limited, and sign-up answers the same for a taken address", async ({ request }) => {
    const email = uniqueEmail("flood");
    const bodies: unknown[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await request.post("/api/auth/sign-up", { data: { email, password: PASSWORD } });
      statuses.push(response.status());
      if (response.ok()) bodies.push(await response.json());
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(new Set(bodies.map((b) => JSON.stringify(b)))).toEqual(new Set([JSON.stringify({ data: { status: "check_email" } })]));
  });

  test("bad bodies get clear errors, never a 500", async ({ request }) => {
    const malformed = await request.post("/api/auth/sign-in", {
      headers: { "content-type": "application/json" },
      data: Buffer.from("{ nope"),
    });
    expect(malformed.status()).toBe(400);
    const missing = await request.post("/api/auth/sign-in", { data: { email: "a@example.com" } });
    expect(missing.status()).toBe(422);
    expect((await missing.json()).details[0]).toEqual({
      path: "password",
      message: "You must provide either an email or phone number and a password.",
    });
  });
});

test("the signed-in dashboard arrives rendered by the server and hydrates without a mismatch", async ({ page }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match/i.test(message.text())) problems.push(message.text());
  });
  const email = await signUpAndConfirm(page, "ssr-dashboard");
  // The first HTML already holds the member's dashboard, not a spinner (the session was read on the server).
  const html = await (await page.request.get("/dashboard")).text();
  expect(html).toContain("Welcome back");
  expect(html).toContain(email);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

test("the dashboard prefetches the site's pages only once the member reaches for a link to them", async ({ page }) => {
  await signUpAndConfirm(page, "intent-prefetch");
  const prefetched: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has("_rsc") && url.pathname !== "/dashboard") prefetched.push(url.pathname);
  });
  await page.reload();
  // The member without a cohort sees the logo (home) and 'Choose a plan' (/how-it-works) in view.
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(prefetched).toEqual([]);

  await page
    .getByRole("banner")
    .getByRole("link", { name: /Glucose/ })
    .hover();
  await expect.poll(() => prefetched.includes("/")).toBe(true);
  // The logo still navigates home.
  await page
    .getByRole("banner")
    .getByRole("link", { name: /Glucose/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
});
