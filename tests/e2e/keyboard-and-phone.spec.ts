import { expect, test, type Locator, type Page } from "@playwright/test";
import { signUpAndConfirm } from "./auth-fixtures";
import { uniqueEmail } from "./helpers";

const PHONE = { width: 390, height: 844 };

const focusInside = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

/**
 * Opens a dialog from the keyboard (its opener focused, then Enter) and checks what a keyboard user
 * needs: focus moves inside, Tab and Shift+Tab never reach the page behind, and closing (Escape or
 * the Close button, pressed with Enter) puts focus back on the opener.
 */
async function walkDialogByKeyboard(page: Page, opener: Locator, dialog: Locator, close: "Escape" | "Close button"): Promise<void> {
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(dialog)).toBe(true);
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    expect(await focusInside(dialog), `focus after ${key}`).toBe(true);
  }
  if (close === "Escape") {
    await page.keyboard.press("Escape");
  } else {
    await dialog.getByRole("button", { name: "Close", exact: true }).focus();
    await page.keyboard.press("Enter");
  }
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.describe("every dialog, sheet and drawer works from the keyboard", () => {
  test("the /magic pledge drawer, from the hero and from the header, closed by Escape and by its Close button", async ({ page }) => {
    await page.goto("/magic");
    const drawer = page.getByRole("dialog", { name: "Take the Pledge" });
    await walkDialogByKeyboard(
      page,
      page.getByRole("main").getByRole("button", { name: "Take the Pledge", exact: true }).first(),
      drawer,
      "Escape",
    );
    await walkDialogByKeyboard(page, page.getByRole("banner").getByRole("button", { name: "Take Pledge" }), drawer, "Close button");
  });

  test("the /magic side sheet on a phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/magic");
    await walkDialogByKeyboard(
      page,
      page.getByRole("button", { name: "Open menu" }),
      page.getByRole("dialog", { name: "MAGIC" }),
      "Escape",
    );
  });

  test("the site's menu drawer on a phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await walkDialogByKeyboard(
      page,
      page.getByRole("button", { name: "Open menu" }),
      page.getByRole("dialog", { name: "Menu" }),
      "Close button",
    );
  });

  test("the promo video", async ({ page }) => {
    await page.goto("/");
    await walkDialogByKeyboard(
      page,
      page.getByRole("button", { name: "Watch the intro" }),
      page.getByRole("dialog", { name: "How the 14-day bootcamp works" }),
      "Escape",
    );
  });

  test("a coach's bio", async ({ page }) => {
    await page.goto("/our-team");
    await walkDialogByKeyboard(
      page,
      page.getByRole("button", { name: "Maya Okafor" }),
      page.getByRole("dialog", { name: "Maya Okafor" }),
      "Close button",
    );
  });

  test("'Start Earning Today'", async ({ page }) => {
    await page.goto("/how-it-works");
    await walkDialogByKeyboard(
      page,
      page.getByRole("button", { name: "Start Earning Today" }),
      page.getByRole("dialog", { name: "Start earning with your referral link" }),
      "Escape",
    );
  });
});

test.describe("the dashboard's QR code on the phone", () => {
  test("the phone that opens it is told the sign-in link is in its email", async ({ page, browser }) => {
    await signUpAndConfirm(page, "qr-phone");
    const walkthrough = page.locator("#bot-setup");
    await walkthrough.scrollIntoViewIfNeeded();
    const qrUrl = await walkthrough.getByTestId("qr-link").getAttribute("href");
    const phone = await browser.newContext({ viewport: PHONE });
    const phonePage = await phone.newPage();
    await phonePage.goto(qrUrl!);
    await expect(phonePage.getByTestId("qr-phone-notice")).toContainText("We emailed you a sign-in link: open it on this phone.");
    await expect(phonePage).toHaveURL(/\/auth\?/);
    await phone.close();
  });

  test("a code that has lapsed says so and how to get a new one", async ({ browser }) => {
    const phone = await browser.newContext({ viewport: PHONE });
    const phonePage = await phone.newPage();
    // A code of the right shape that the server no longer holds in force (lapsed after 15 minutes).
    const lapsed = uniqueEmail("x")
      .replace(/[^A-Za-z0-9]/g, "")
      .padEnd(43, "A")
      .slice(0, 43);
    await phonePage.goto(`/api/telegram/qr/${lapsed}`);
    await expect(phonePage.getByTestId("qr-phone-notice")).toContainText(
      "This code has expired. Show a new one on your computer and scan it again.",
    );
    await expect(phonePage.getByText("We emailed you a sign-in link")).toHaveCount(0);
    await phone.close();
  });
});
