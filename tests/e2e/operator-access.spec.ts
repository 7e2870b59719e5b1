import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { signUpAndConfirm } from "./auth-fixtures";
import { E2E_APP_URL } from "./ports";

// A visitor and a member get the site's 404 for every page under /operator and 403 for
// every route under /api/operator, against the built app. Pages and routes are read from app/, so
// one added later is swept too.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOME_ID = "7d2e0b52-4c1a-4f5e-8b0a-5e7f1a2b3c4d";

/** The URL path of a file under app/, its dynamic segments filled with an id. */
function urlPathOf(dir: string, file: string): string {
  const segments = path.dirname(path.join(dir, file)).split(path.sep).slice(1);
  return `/${segments.map((segment) => (/^\[.+\]$/.test(segment) ? SOME_ID : segment)).join("/")}`;
}

function filesUnder(dir: string, name: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" }).filter((file) => path.basename(file) === name);
}

const PAGES = filesUnder("app/operator", "page.tsx").map((file) => urlPathOf("app/operator", file));
const ROUTES = filesUnder("app/api/operator", "route.ts").flatMap((file) => {
  const source = readFileSync(path.join(ROOT, "app/api/operator", file), "utf8");
  const methods = [...source.matchAll(/^export const (GET|POST|PUT|PATCH|DELETE) =/gm)].map((match) => match[1]!);
  return methods.map((method) => ({ method, url: urlPathOf("app/api/operator", file) }));
});

async function sweep(request: APIRequestContext): Promise<Record<string, number>> {
  const answers: Record<string, number> = {};
  for (const page of PAGES) answers[`GET ${page}`] = (await request.get(page, { maxRedirects: 0 })).status();
  for (const { method, url } of ROUTES) {
    // Same-origin, as the area's own pages send them: the refusal is the operator check, not the Origin check.
    const response = await request.fetch(url, {
      method,
      headers: { origin: E2E_APP_URL },
      data: method === "GET" ? undefined : {},
      maxRedirects: 0,
    });
    answers[`${method} ${url}`] = response.status();
  }
  return answers;
}

const expected = () =>
  Object.fromEntries([...PAGES.map((p) => [`GET ${p}`, 404]), ...ROUTES.map(({ method, url }) => [`${method} ${url}`, 403])]);

test("a visitor gets 404 for every operator page and 403 for every operator route", async ({ request }) => {
  expect(PAGES.length).toBeGreaterThanOrEqual(5);
  expect(ROUTES.length).toBeGreaterThanOrEqual(7);
  expect(await sweep(request)).toEqual(expected());
});

test("a signed-in member gets 404 for every operator page and 403 for every operator route", async ({ page }) => {
  await signUpAndConfirm(page, "not-an-operator");
  // The member's session does reach the API (so each 403 below is the operator check's).
  expect((await page.request.get("/api/users/me")).status()).toBe(200);
  expect(await sweep(page.request)).toEqual(expected());
});
