import { expect, test } from "@playwright/test";
import { inboxFor, uniqueEmail } from "./helpers";

test.describe("newsletter form", () => {
  test("a blank or malformed email shows the error inline and sends nothing", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/newsletter")) requests.push(r.url());
    });
    await page.goto("/career");
    const form = page.getByRole("form", { name: "Newsletter" });
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please enter your email address.");
    await form.getByLabel("Email address").fill("maya@");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please enter a valid email address.");
    await expect(form.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    expect(requests).toEqual([]);
  });

  test("a valid email is thanked for 3 s, stored once and welcomed by email", async ({ page }) => {
    const email = uniqueEmail("news");
    await page.goto("/");
    const form = page.getByRole("form", { name: "Newsletter" });
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    const thanks = page.getByText("Thank you! We'll keep you updated.");
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeHidden({ timeout: 5000 });
    await expect(page.getByRole("form", { name: "Newsletter" })).toBeVisible();
    await expect.poll(async () => (await inboxFor(email)).length).toBe(1);

    // The same address again: still a thank-you, still one email.
    await page.getByRole("form", { name: "Newsletter" }).getByLabel("Email address").fill(email.toUpperCase());
    await page.getByRole("form", { name: "Newsletter" }).getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Thank you! We'll keep you updated.")).toBeVisible();
    await page.waitForTimeout(500);
    expect(await inboxFor(email)).toHaveLength(1);
  });
});
