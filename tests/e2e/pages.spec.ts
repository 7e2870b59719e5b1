import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";

const PAGES = [
  { path: "/", heading: /really does to your glucose/ },
  { path: "/how-it-works", heading: /./ },
  { path: "/our-team", heading: /./ },
  { path: "/career", heading: /./ },
  { path: "/test-bird", heading: /./ },
  // The awareness campaign.
  { path: "/magic", heading: /One million people who know their glucose/ },
  { path: "/million-glucose-campaign", heading: /Your glucose story/ },
  { path: "/become-partner", heading: /Bring glucose awareness/ },
];

for (const { path, heading } of PAGES) {
  test(`${path} renders with its own title, description, share tags and no axe violations of any impact`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(/Glucose Challenge/);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(50);
    await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
    await expect(page.locator('meta[property="og:image"]')).toHaveCount(1);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expectNoAxeViolations(page);
  });
}

test("every public page has a title of its own", async ({ page }) => {
  const titles = new Set<string>();
  for (const { path } of PAGES) {
    await page.goto(path);
    titles.add(await page.title());
  }
  expect(titles.size).toBe(PAGES.length);
});

test("/test-bird is kept out of search engines", async ({ page, request }) => {
  await page.goto("/test-bird");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /test-bird");
  expect(robots).toContain("Disallow: /dashboard");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/how-it-works</loc>");
  expect(sitemap).toContain("/magic</loc>");
  expect(sitemap).not.toContain("test-bird");
});

test("the share image is served from our own origin", async ({ page, request }) => {
  await page.goto("/");
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toBeTruthy();
  const response = await request.get(new URL(image ?? "").pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
});

test("an unknown address shows the 404 page in the site's style", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is off the chart");
  await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("every response carries the security headers", async ({ request }) => {
  for (const path of ["/", "/api/health", "/robots.txt"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["permissions-policy"]).toContain("geolocation=()");
    expect(headers["strict-transport-security"]).toContain("max-age=");
  }
});

test("pricing links out to a marketplace page for buying the CGM with no configuration", async ({ page }) => {
  await page.goto("/how-it-works#pricing");
  const link = page.getByRole("link", { name: /Buy a CGM sensor separately/ });
  await expect(link).toHaveAttribute("href", /^https:\/\/[^/]+\//);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
});

test("the intro video, its poster and captions are served from our own origin", async ({ request }) => {
  const files = {
    "/promo/intro.webm": "video/webm",
    "/promo/intro.mp4": "video/mp4",
    "/promo/intro-poster.jpg": "image/jpeg",
    "/promo/intro.vtt": "text/vtt",
  };
  for (const [path, type] of Object.entries(files)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain(type);
  }
});

test("no page spends requests prefetching itself; the header's links prefetch once reached for", async ({ page }) => {
  const prefetched: string[] = [];
  const selfPrefetches: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.searchParams.has("_rsc")) return;
    prefetched.push(url.pathname);
    // Told by the document that asked (its Referer): a prefetch the previous page started just
    // before it was left is that page's, not the next one's.
    const referer = request.headers()["referer"];
    if (referer && new URL(referer).pathname === url.pathname) selfPrefetches.push(url.pathname);
  });
  for (const path of PAGES.map((p) => p.path)) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(selfPrefetches, "pages that prefetched themselves").toEqual([]);
  // On /how-it-works (its own 'Join Now' and the logo in view), reaching for the logo prefetches home.
  prefetched.length = 0;
  await page.goto("/how-it-works");
  await page.waitForLoadState("networkidle");
  expect(prefetched).not.toContain("/");
  await page
    .getByRole("banner")
    .getByRole("link", { name: /Glucose Challenge/ })
    .hover();
  await expect.poll(() => prefetched.includes("/")).toBe(true);
});
