import { expect, test } from "@playwright/test";
import { signUpAndConfirm } from "./auth-fixtures";
import { waitForMail } from "./helpers";

test("two members: one shares their link, the other comes through it and signs up, the first sees the numbers move", async ({
  browser,
}) => {
  // Two sign-ups with their confirmation emails.
  test.setTimeout(90_000);
  const mayaContext = await browser.newContext();
  await mayaContext.grantPermissions(["clipboard-read", "clipboard-write"]);
  const maya = await mayaContext.newPage();
  const mayaEmail = await signUpAndConfirm(maya, "maya-affiliate");

  const stats = maya.getByRole("region", { name: "Your referrals" });
  await expect(stats.getByTestId("stat-visitors")).toHaveText("Total Visitors0");
  await expect(stats.getByTestId("stat-leads")).toContainText("Inquirers0");
  await expect(stats.getByTestId("stat-commission")).toContainText("$0.00");
  const card = maya.getByRole("region", { name: "Your Affiliate Link" });
  const link = await card.getByLabel("Your link").inputValue();
  expect(link).toMatch(/\/\?via=[2-9a-z]{4}-[2-9a-z]{4}$/);
  await expect(card.getByLabel("Your coupon code")).toHaveValue(new URL(link).searchParams.get("via")!.toUpperCase());
  await card.getByRole("button", { name: "Copy link" }).click();
  await expect(maya.getByText("Link copied to clipboard!")).toBeVisible();
  expect(await maya.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(card.getByText(/No rewards yet/)).toBeVisible();

  // The friend, in a browser of their own, follows the link, comes back to it, then signs up.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  // The page reports the visit with a keepalive request, whose body the browser does not hand back.
  const visit = friend.waitForResponse((r) => r.url().endsWith("/api/referral/visit"));
  await friend.goto(new URL(link).pathname + new URL(link).search);
  expect((await visit).status()).toBe(200);
  expect((await friendContext.cookies()).map((c) => c.name)).toContain("gc_visitor");
  await friend.reload();
  await friend.goto(`/how-it-works${new URL(link).search}`);
  const lead = friend.waitForResponse((r) => r.url().endsWith("/api/referral/lead"));
  await signUpAndConfirm(friend, "friend");
  expect(await (await lead).json()).toEqual({ data: { recorded: true } });

  await maya.reload();
  await expect(stats.getByTestId("stat-visitors")).toHaveText("Total Visitors1");
  await expect(stats.getByTestId("stat-leads")).toContainText("Inquirers1");
  await expect(stats.getByTestId("stat-conversions")).toContainText("Subscribers0");
  const chart = maya.getByRole("region", { name: "Your referrals over time" });
  await expect(chart.getByTestId("funnel-visitors")).toHaveText("Visits1");
  await expect(chart.getByTestId("funnel-leads")).toContainText("Leads1100% of visits");
  await expect(chart.getByRole("img")).toBeVisible();

  // Maya has no badge until she takes the campaign pledge; then her badge shares her pledge's page with her code.
  const badges = maya.getByRole("region", { name: "Your Badges" });
  // The gallery loads once it is near the screen, as Maya scrolls down to it.
  await badges.scrollIntoViewIfNeeded();
  await expect(badges.getByRole("link", { name: "Take the Pledge" })).toHaveAttribute("href", "/magic");
  const pledged = await maya.request.post("/api/campaign/pledges", {
    data: { name: "Maya", email: mayaEmail },
    headers: { origin: new URL(maya.url()).origin },
  });
  // D18: the pledge counts, and has its number, once Maya confirms it from her inbox.
  expect(pledged.status()).toBe(202);
  const confirmation = await waitForMail(mayaEmail, /^Confirm your pledge$/);
  const confirmLink = new URL(confirmation.links.find((l) => new URL(l).pathname === "/magic/confirm")!);
  const confirmPage = await mayaContext.newPage();
  await confirmPage.goto(`${confirmLink.pathname}${confirmLink.search}`);
  await confirmPage.getByRole("button", { name: "Confirm my email" }).click();
  const confirmed = confirmPage.getByRole("heading", { level: 1 });
  await expect(confirmed).toHaveText(/^You are pledger #[\d,]+!$/);
  const pledgeNumber = Number((await confirmed.textContent())?.replace(/[^0-9]/g, ""));
  await confirmPage.close();
  await maya.reload();
  const share = badges.getByRole("group", { name: /^Share / }).getByRole("link", { name: /^WhatsApp/ });
  await expect(share).toHaveAttribute("href", /via%3D/);
  const text = new URL((await share.getAttribute("href"))!).searchParams.get("text")!;
  expect(text).toContain(`/magic/pledge/${pledgeNumber}?via=${new URL(link).searchParams.get("via")}`);
  await expect(badges.getByRole("img", { name: /badge card/ })).toBeVisible();

  await friendContext.close();
  await mayaContext.close();
});
