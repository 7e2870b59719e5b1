import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations, inboxFor, uniqueEmail, waitForMail } from "./helpers";

async function pledgeCount(page: Page): Promise<number> {
  const counter = page.getByTestId("pledge-count");
  await expect(counter).toHaveText(/taken the pledge/);
  return Number((await counter.textContent())?.replace(/[^0-9]/g, ""));
}

test.describe("/magic", () => {
  test("the pledge: drawer, confetti, a real number and badge, share links, and the count moves", async ({ page, context }) => {
    const email = uniqueEmail("pledge");
    await page.goto("/magic");
    const before = await pledgeCount(page);

    await page.getByRole("banner").getByRole("button", { name: "Take Pledge" }).click();
    const drawer = page.getByRole("dialog", { name: "Take the Pledge" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText("Your Info")).toBeVisible();

    // SPEC §5: blank after trimming blocks submit silently.
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/campaign/pledges") && r.method() === "POST") requests.push(r.url());
    });
    await drawer.getByLabel("Your name").fill("   ");
    await drawer.getByLabel("Email").fill(email);
    await drawer.getByRole("button", { name: "Take the Pledge" }).click();
    await expect(drawer.getByRole("alert")).toBeEmpty();
    expect(requests).toEqual([]);

    await drawer.getByLabel("Your name").fill("Maya Rivera");
    await drawer.getByRole("button", { name: "Take the Pledge" }).click();
    const status = drawer.getByRole("status");
    await expect(status).toHaveText(/^You are pledger #[\d,]+!$/);
    const pledgeNumber = Number((await status.textContent())?.replace(/[^0-9]/g, ""));
    expect(pledgeNumber).toBeGreaterThan(0);
    // canvas-confetti draws on a canvas it adds to the page, 0.5 s after the pledge.
    await expect(page.locator("body > canvas")).toHaveCount(1);
    await expect.poll(() => pledgeCount(page)).toBe(before + 1);

    // The share opens LinkedIn in a new tab; this machine has no internet, so the request is answered here.
    const shares: string[] = [];
    await context.route(/^https:\/\/www\.linkedin\.com\//, (route) => {
      shares.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/plain", body: "shared" });
    });
    const popup = context.waitForEvent("page");
    await drawer.getByRole("button", { name: "LinkedIn" }).click();
    await (await popup).close();
    expect(shares).toHaveLength(1);
    const shareUrl = new URL(shares[0]!);
    expect(shareUrl.pathname).toBe("/shareArticle");
    expect(shareUrl.searchParams.get("url")).toMatch(new RegExp(`/magic/pledge/${pledgeNumber}$`));
    expect(shareUrl.searchParams.get("summary")).toContain("million-strong glucose health campaign");

    const expectedBadge = pledgeNumber <= 100 ? "Founding 100" : pledgeNumber <= 1000 ? "Pioneer 1K" : pledgeNumber <= 10000 ? "Trailblazer 10K" : "Pledge Taker";
    await expect(drawer.getByText(`Your badge: ${expectedBadge}`)).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Claim Your Badge" })).toHaveAttribute("href", "/auth");

    const mail = await waitForMail(email, new RegExp(`^Your ${expectedBadge} badge: pledger #`));
    expect(mail.links.some((l) => l.endsWith(`/magic/pledge/${pledgeNumber}`))).toBe(true);

    // The shared link unfurls with the pledge's own card.
    await page.goto(`/magic/pledge/${pledgeNumber}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pledger #${pledgeNumber.toLocaleString("en-US")}: ${expectedBadge}`);
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(new RegExp(`/api/campaign/pledges/${pledgeNumber}/card$`));
    const card = await page.request.get(image!);
    expect(card.status()).toBe(200);
    expect(card.headers()["content-type"]).toBe("image/png");
  });

  test("the same email pledging again keeps its number and gets no second email", async ({ page }) => {
    const email = uniqueEmail("again");
    await page.goto("/magic");
    await page.getByRole("main").getByRole("button", { name: "Take the Pledge" }).click();
    let drawer = page.getByRole("dialog", { name: "Take the Pledge" });
    await drawer.getByLabel("Your name").fill("Ana");
    await drawer.getByLabel("Email").fill(email);
    await drawer.getByRole("button", { name: "Take the Pledge" }).click();
    const first = await drawer.getByRole("status").textContent();
    await page.reload();
    await page.getByRole("main").getByRole("button", { name: "Take the Pledge" }).click();
    drawer = page.getByRole("dialog", { name: "Take the Pledge" });
    await drawer.getByLabel("Your name").fill("Ana");
    await drawer.getByLabel("Email").fill(email.toUpperCase());
    await drawer.getByRole("button", { name: "Take the Pledge" }).click();
    await expect(drawer.getByRole("status")).toHaveText(first!);
    await expect(drawer.getByText("You had already taken the pledge with this email.")).toBeVisible();
    await page.waitForTimeout(500);
    expect(await inboxFor(email)).toHaveLength(1);
  });

  test("the carousel shows eight posts, advances on its own, and Pause/Resume and manual moves control it", async ({ page }) => {
    await page.goto("/magic#highlights");
    await expect(page.getByText("127,845 partners joined")).toBeVisible();
    const dots = page.getByRole("button", { name: /^Go to post \d$/ });
    await expect(dots).toHaveCount(8);
    await expect(page.getByRole("button", { name: "Go to post 1" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("button", { name: "Go to post 2" })).toHaveAttribute("aria-current", "true", { timeout: 6000 });
    await page.getByRole("button", { name: "Pause" }).click();
    await page.waitForTimeout(4500);
    await expect(page.getByRole("button", { name: "Go to post 2" })).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: "Resume" }).click();
    await page.getByRole("button", { name: "Previous post" }).click();
    await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
    await page.getByRole("button", { name: "Go to post 8" }).click();
    await page.getByRole("button", { name: "Next post" }).click();
    await expect(page.getByRole("button", { name: "Go to post 1" })).toHaveAttribute("aria-current", "true");
  });

  test("the story form: blank text is refused, a story is kept and becomes an editable post", async ({ page }) => {
    await page.goto("/magic#story");
    const form = page.getByRole("form", { name: "Share Your Story" });
    await form.getByRole("button", { name: "Submit Story" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please write your story.");
    await form.getByLabel("Your story").fill("My CGM showed that a walk after dinner halves my spike.");
    await form.getByRole("button", { name: "Submit Story" }).click();
    await expect(page.getByRole("heading", { name: "Story Submitted!" })).toBeVisible();
    const edit = page.getByRole("link", { name: "Edit your post" });
    await expect(edit).toHaveAttribute("href", /\/edit-post\?post=[0-9a-f-]{36}&token=/);
    await page.getByRole("button", { name: "Share Another Story" }).click();
    await expect(page.getByRole("form", { name: "Share Your Story" }).getByLabel("Your story")).toHaveValue("");
  });

  test("has section links, the account icon and no serious axe violations", async ({ page }) => {
    await page.goto("/magic");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Campaign sections" });
    for (const [label, id] of [["About", "about"], ["Partner", "partner"], ["Story", "story"], ["Highlights", "highlights"]]) {
      await expect(nav.getByRole("link", { name: label })).toHaveAttribute("href", `#${id}`);
      await expect(page.locator(`#${id}`)).toHaveCount(1);
    }
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("link", { name: "Become a Partner" }).first()).toHaveAttribute("href", "/become-partner");
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe("/become-partner", () => {
  test("the partner pledge: required fields, 'Welcome to MAGIC!', the welcome kit and emails", async ({ page }) => {
    const email = uniqueEmail("partner");
    await page.goto("/become-partner");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const form = page.getByRole("form", { name: "Partner pledge" });
    await form.getByRole("button", { name: "Sign the Partner Pledge" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please fill in every field.");
    await form.getByLabel("Your name").fill("Grace Hopper");
    await form.getByLabel("Work email").fill(email);
    await form.getByLabel("Organization name").fill("Harbor Clinic");
    await form.getByLabel("Organization type").selectOption("healthcare");
    await form.getByLabel("Region").selectOption("europe");
    await form.getByRole("button", { name: "Sign the Partner Pledge" }).click();
    await expect(page.getByRole("heading", { name: "Welcome to MAGIC!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Access Partner Dashboard" })).toHaveAttribute("href", "/dashboard");
    const download = page.waitForEvent("download");
    await page.getByRole("status").getByRole("link", { name: "Download Welcome Kit" }).click();
    expect((await download).suggestedFilename()).toBe("magic-partner-welcome-kit.pdf");
    await waitForMail(email, /^Welcome to MAGIC!$/);
    await waitForMail("partners@glucosechallenge.app", /^New partner pledge: Harbor Clinic$/);
  });

  test("the contact form: 'Message Sent!' and the team is emailed", async ({ page }) => {
    await page.goto("/become-partner#contact");
    const form = page.getByRole("form", { name: "Contact the campaign team" });
    await form.getByLabel("Name").fill("Lin Okafor");
    await form.getByLabel("Email").fill(uniqueEmail("contact"));
    await form.getByLabel("Message").fill("Could we run a screening day in March?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
    await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
    await waitForMail("partners@glucosechallenge.app", /^New campaign message from Lin Okafor$/);
    await expect(page.getByRole("navigation", { name: "Quick links" }).getByRole("link")).toHaveText(["Main platform", "MAGIC campaign", "Dashboard"]);
  });
});
