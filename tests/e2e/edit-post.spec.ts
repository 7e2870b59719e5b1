import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test, type Browser, type BrowserContextOptions } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers";
import { E2E_APP_URL, E2E_PORTS } from "./ports";

// SPEC §2, §4, §5, §8 /edit-post, D7: an operator makes a post from a story file; its author opens
// the link in a browser that has never seen the site, regenerates, and shares. Each journey starts
// with the operator command (a Node process of its own), hence the longer time allowed.
test.describe.configure({ timeout: 90_000 });

const run = promisify(execFile);
const REFERRAL_LINK = `${E2E_APP_URL}/?utm_source=social_post&utm_medium=referral`;

/** `npm run post:create` against the e2e stack's database; the edit link it prints. */
async function createPostWithOperatorCommand(): Promise<string> {
  const { stdout } = await run("npm", ["run", "-s", "post:create", "--", "tests/fixtures/posts/oatmeal-story.json"], {
    env: {
      ...process.env,
      DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${E2E_PORTS.db}/postgres`,
      NEXT_PUBLIC_SITE_URL: E2E_APP_URL,
    },
  });
  const link = /^http\S+\/edit-post\?post=\S+&token=\S+$/m.exec(stdout)?.[0];
  if (!link) throw new Error(`The operator command printed no edit link:\n${stdout}`);
  return link;
}

/** A browser that has never seen the site: no cookies, no storage, no session. */
async function freshPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL: E2E_APP_URL, ...options });
  return { context, page: await context.newPage() };
}

test("a link without its token toasts 'Invalid Link' and goes home", async ({ page }) => {
  await page.goto("/edit-post?post=0b5c1c52-5f0e-4f57-9d0a-6f7f2b8f3f10");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Invalid Link", { exact: true })).toBeVisible();
  await expect(page.getByText("The edit link is missing required parameters.")).toBeVisible();
});

test("a link whose token is wrong toasts 'Error' with 'Invalid or expired edit link' and goes home", async ({ page }) => {
  const link = new URL(await createPostWithOperatorCommand());
  link.searchParams.set("token", "not-the-token");
  await page.goto(link.toString());
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(page.getByText("Error", { exact: true })).toBeVisible();
  await expect(page.getByText("Invalid or expired edit link")).toBeVisible();
});

test("the operator's link opens in a fresh browser: regenerate, share to the clipboard, a keyboard lightbox", async ({ browser }) => {
  const link = await createPostWithOperatorCommand();
  const { context, page } = await freshPage(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match/i.test(message.text())) problems.push(message.text());
  });
  // 'Back to Home' prefetches home only once the author reaches for it, not with the editor.
  const prefetched: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has("_rsc")) prefetched.push(url.pathname);
  });
  // The server renders the post into the first HTML; the page then hydrates without a mismatch.
  expect(await (await page.request.get(link)).text()).toContain("That is a common surprise. What did you change?");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Your Social Post" })).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  expect(prefetched).toEqual([]);
  await page.getByRole("link", { name: "Back to Home" }).hover();
  await expect.poll(() => prefetched.includes("/")).toBe(true);
  await expect(page.getByRole("button", { name: /^Open image \d of 3/ })).toHaveCount(3);
  const history = page.getByRole("list", { name: "Chat history" });
  await expect(history.getByText("That is a common surprise. What did you change?")).toBeVisible();
  await expect(history.getByText("[Media content]")).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // SPEC §6: no session, so the page signed in anonymously, in its own storage and not as a site session.
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("gc_edit_post_session"))).not.toBeNull();
  expect((await context.cookies()).filter((c) => c.name.includes("auth-token"))).toEqual([]);
  expect(problems).toEqual([]);
  await expectNoAxeViolations(page);

  const postText = page.getByLabel("Post text");
  const first = await postText.inputValue();
  await page.getByLabel("Your inputs").fill("Make it shorter. Mention my morning walks");
  await page.getByRole("button", { name: "Regenerate Post" }).click();
  await expect(page.getByText("Post regenerated successfully!")).toBeVisible();
  await expect(postText).not.toHaveValue(first);
  await expect(postText).toHaveValue(/my morning walks\./);
  await expect(page.getByText("9 of 10 regenerations left")).toBeVisible();

  await postText.fill(`${await postText.inputValue()}\n\nEdited by me.`);
  const content = await postText.inputValue();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByText("Post copied to clipboard and marked as shared!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${content}\n\nClick this link to join this journey: ${REFERRAL_LINK}`,
  );
  await expect(page.getByText(/^Shared on /)).toBeVisible();

  const firstImage = page.getByRole("button", { name: /^Open image 1 of 3/ });
  await firstImage.focus();
  await page.keyboard.press("Enter");
  const lightbox = page.getByRole("dialog");
  await expect(lightbox.getByRole("heading", { name: "Image 1 of 3" })).toBeVisible();
  await expect(lightbox.getByRole("img")).toHaveJSProperty("complete", true);
  await page.keyboard.press("ArrowRight");
  await expect(lightbox.getByRole("heading", { name: "Image 2 of 3" })).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(lightbox.getByRole("heading", { name: "Image 3 of 3" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
  await expect(firstImage).toBeFocused();
  await context.close();
});

test("on a phone with the clipboard refused, the text is shown selected to copy by hand and the post is still shared", async ({
  browser,
}) => {
  const link = await createPostWithOperatorCommand();
  const { context, page } = await freshPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  // Chromium's own permission switch, for this browser context (Playwright can only grant).
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send("Target.getTargetInfo");
  for (const name of ["clipboard-write", "clipboard-read"]) {
    await cdp.send("Browser.setPermission", {
      permission: { name },
      setting: "denied",
      origin: E2E_APP_URL,
      browserContextId: targetInfo.browserContextId,
    });
  }
  await page.goto(link);
  // The first visit signs in anonymously before it loads the post.
  await expect(page.getByRole("heading", { level: 1, name: "Edit Your Social Post" })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  const content = await page.getByLabel("Post text").inputValue();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByText("Manual Copy Required", { exact: true })).toBeVisible();
  await expect(page.getByText("Please copy the post text manually. Post has been marked as shared.")).toBeVisible();
  const manual = page.getByLabel("Copy this text to share your post");
  await expect(manual).toBeFocused();
  await expect(manual).toHaveValue(`${content}\n\nClick this link to join this journey: ${REFERRAL_LINK}`);
  expect(await manual.evaluate((area: HTMLTextAreaElement) => [area.selectionStart, area.selectionEnd])).toEqual([
    0,
    (await manual.inputValue()).length,
  ]);
  await expect(page.getByText(/^Shared on /)).toBeVisible();

  const url = new URL(link);
  const stored = await page.request.get(`/api/social-posts/${url.searchParams.get("post")}?token=${url.searchParams.get("token")}`);
  expect(((await stored.json()) as { data: { shared_at: string | null } }).data.shared_at).not.toBeNull();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await context.close();
});
