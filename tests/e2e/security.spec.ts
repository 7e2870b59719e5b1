import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, logIn, signUpAndConfirm } from "./auth-fixtures";
import { uniqueEmail } from "./helpers";

type Violation = { directive: string; blocked: string; sample: string };

/** Records every Content-Security-Policy violation the page reports, from its first byte. */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample }),
    );
  });
  return async () => {
    const reported = await page.evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? []);
    return [...reported, ...console.map((text) => ({ directive: "console", blocked: "", sample: text }))];
  };
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

test("the main pages run under their Content-Security-Policy without a single violation", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("gc_visited", "true"));
  const violations = await watchViolations(page);
  const found: Record<string, Violation[]> = {};
  for (const path of [
    "/",
    "/how-it-works",
    "/our-team",
    "/career",
    "/test-bird",
    "/privacy",
    "/auth",
    "/user-info?plan=popular",
    "/no-such-page",
  ]) {
    await visit(page, path);
    // Hydrated: the header reacts to scrolling only once React runs.
    if (path === "/") {
      await page.mouse.wheel(0, 400);
      await expect(page.locator("header").first()).toHaveAttribute("data-shrunk", "true");
    }
    found[path] = await violations();
  }
  const email = await signUpAndConfirm(page, "csp");
  await visit(page, "/dashboard");
  await expect(page.getByText(email)).toBeVisible();
  found["/dashboard"] = await violations();
  expect(Object.fromEntries(Object.entries(found).filter(([, list]) => list.length > 0))).toEqual({});
});

test("marketing pages stay static: the same bytes every time, vouched for by hashes; account pages get a fresh nonce", async ({
  request,
}) => {
  const first = await request.get("/how-it-works");
  const second = await request.get("/how-it-works");
  expect(await first.text()).toBe(await second.text());
  const staticPolicy = first.headers()["content-security-policy"] ?? "";
  expect(staticPolicy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  const scriptSrc = /script-src [^;]*/.exec(staticPolicy)?.[0] ?? "";
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/);
  expect(staticPolicy).toContain("object-src 'none'");
  expect(staticPolicy).toContain("base-uri 'none'");
  expect(staticPolicy).toContain("frame-ancestors 'none'");
  expect(staticPolicy).toMatch(/form-action 'self' http:\/\/localhost:\d+/);

  const nonces = [];
  for (let i = 0; i < 2; i++) {
    const page = await request.get("/auth");
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(page.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(await page.text()).toContain(`nonce="${nonce}"`);
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test("an address with malformed percent-encoding is a 400 in the error envelope, not a 500", async ({ request }) => {
  for (const path of ["/api/cohorts/%ZZ", "/api/cohorts/%E0%A4%A/eligibility", "/api/cohorts/%"]) {
    const response = await request.get(path);
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: "The address is not valid (malformed percent-encoding).", code: "bad_request" });
  }
  expect((await request.get("/api/cohorts/%2F")).status()).toBeLessThan(500);
});

test("many visitors signing in at once are limited per visitor by the auth service, not as one", async ({ request }) => {
  // More distinct visitors than the auth service lets one address sign in per window (60): each
  // comes through the proxy (X-Forwarded-For, trusted in this stack) and is forwarded on.
  const attempts = Array.from({ length: 75 }, (_, i) =>
    request.post("/api/auth/sign-in", {
      headers: { "x-forwarded-for": `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}` },
      data: { email: uniqueEmail("crowd"), password: `wrong-${PASSWORD}` },
    }),
  );
  const statuses = await Promise.all(attempts.map(async (attempt) => (await attempt).status()));
  expect(statuses.filter((status) => status !== 400)).toEqual([]);
});

test("a signed-in member logs in again after a stranger used up the account's attempts elsewhere", async ({ page, request }) => {
  const email = await signUpAndConfirm(page, "lockout");
  await page.context().clearCookies();
  for (let i = 0; i < 11; i++) {
    await request.post("/api/auth/sign-in", {
      headers: { "x-forwarded-for": "203.0.113.99" },
      data: { email, password: `wrong-${i}-password` },
    });
  }
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});
