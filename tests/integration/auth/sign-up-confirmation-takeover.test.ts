import { describe, expect, it } from "vitest";
import { sendPasswordReset } from "@/server/accounts/email-link-requests";
import { signUpWithPassword } from "@/server/accounts/password-session";
import { SIGN_UP_BROWSER_COOKIE } from "@/server/accounts/sign-up-proof";
import { createClient } from "@/server/supabase/server";
import { authClient, confirmLinkFor, confirmedUser, uniqueEmail } from "../../fixtures/auth-client";
import { passwordSignsIn, refreshStillWorks, sessionBeforeConfirmation } from "../../fixtures/auth-sessions";
import { CookieJar } from "../../fixtures/cookie-jar";
import { openEmailLink, signedInAs } from "../../fixtures/email-link-browser";
import { suiteSql } from "../../fixtures/db";
import { createCohort, insertPaidOrder } from "../../fixtures/payments";

// The confirmation link proves the address, not who chose the
// password. A password set before confirmation survives it only in the browser that set it.
const sql = suiteSql();

const ATTACKER_PASSWORD = "attacker-knows-this-one";
const BUYER_PASSWORD = "the-buyers-own-password";

async function guestPurchase() {
  const email = uniqueEmail("signup-buyer");
  const orderId = await insertPaidOrder(sql, { userId: null, email, cohortId: await createCohort(sql), seated: true });
  return { email, orderId };
}

async function purchaseOwners(orderId: string) {
  const [order] = await sql<{ user_id: string | null }[]>`select user_id from public.orders where id = ${orderId}`;
  const [seat] = await sql<{ user_id: string | null }[]>`select user_id from public.cohort_seats where order_id = ${orderId}`;
  return [order!.user_id, seat!.user_id];
}

const accountId = async (email: string) => (await sql<{ id: string }[]>`select id from auth.users where lower(email) = ${email}`)[0]!.id;

describe("a pre-registered unconfirmed account cannot take over a purchase through sign-up confirmation", () => {
  it("the attacker's earlier password and sessions do not survive the buyer confirming; the buyer, signed in by the link, chooses the password", async () => {
    const { email, orderId } = await guestPurchase();
    const attackerBrowser = new CookieJar();
    const buyerBrowser = new CookieJar();
    await signUpWithPassword({ email, password: ATTACKER_PASSWORD }, attackerBrowser);
    const attackerRefreshToken = await sessionBeforeConfirmation(sql, await accountId(email));
    // The buyer signs up too; Supabase keeps the first password and mails a new confirmation link.
    await signUpWithPassword({ email, password: BUYER_PASSWORD, next: "/dashboard" }, buyerBrowser);

    const landing = await openEmailLink(await confirmLinkFor(email, "Confirm your signup", 2), buyerBrowser);
    expect(landing.pathname).toBe("/auth/reset-password");
    expect(landing.searchParams.get("next")).toBe("/dashboard");
    const buyerId = await signedInAs(buyerBrowser);
    expect(buyerId).toBe(await accountId(email));

    expect(await passwordSignsIn(email, ATTACKER_PASSWORD)).toBe("invalid_credentials");
    expect(await refreshStillWorks(attackerRefreshToken)).toBe(false);
    expect(await purchaseOwners(orderId)).toEqual([buyerId, buyerId]);

    const chosen = await (await createClient(buyerBrowser)).auth.updateUser({ password: "the-buyers-new-password" });
    expect(chosen.error).toBeNull();
    expect(await passwordSignsIn(email, "the-buyers-new-password")).toBe(true);
    expect(await passwordSignsIn(email, ATTACKER_PASSWORD)).toBe("invalid_credentials");
  });

  it("the browser that set the password keeps it: the link signs in and goes straight on", async () => {
    const email = uniqueEmail("same-browser");
    const browser = new CookieJar();
    await signUpWithPassword({ email, password: BUYER_PASSWORD, next: "/payment?plan=popular" }, browser);
    const landing = await openEmailLink(await confirmLinkFor(email, "Confirm your signup"), browser);
    expect(`${landing.pathname}${landing.search}`).toBe("/payment?plan=popular");
    expect(await signedInAs(browser)).toBe(await accountId(email));
    expect(await passwordSignsIn(email, BUYER_PASSWORD)).toBe(true);
  });

  it("a later sign-up by someone else changes nothing and earns no say: the first registrant keeps their password", async () => {
    const email = uniqueEmail("first-registrant");
    const ownerBrowser = new CookieJar();
    await signUpWithPassword({ email, password: BUYER_PASSWORD }, ownerBrowser);
    await signUpWithPassword({ email, password: ATTACKER_PASSWORD }, new CookieJar());
    const landing = await openEmailLink(await confirmLinkFor(email, "Confirm your signup", 2), ownerBrowser);
    expect(landing.pathname).toBe("/dashboard");
    expect(await passwordSignsIn(email, BUYER_PASSWORD)).toBe(true);
    expect(await passwordSignsIn(email, ATTACKER_PASSWORD)).toBe("invalid_credentials");
  });

  it("a sign-up made straight against the auth service earns no say either", async () => {
    const { email, orderId } = await guestPurchase();
    await authClient().auth.signUp({ email, password: ATTACKER_PASSWORD });
    const buyerBrowser = new CookieJar();
    await signUpWithPassword({ email, password: BUYER_PASSWORD }, buyerBrowser);
    const landing = await openEmailLink(await confirmLinkFor(email, "Confirm your signup", 2), buyerBrowser);
    expect(landing.pathname).toBe("/auth/reset-password");
    expect(await passwordSignsIn(email, ATTACKER_PASSWORD)).toBe("invalid_credentials");
    const buyerId = await signedInAs(buyerBrowser);
    expect(await purchaseOwners(orderId)).toEqual([buyerId, buyerId]);
  });

  it("the sign-up answer does not tell whether the address has an account or the password is the account's", async () => {
    const taken = uniqueEmail("taken");
    await signUpWithPassword({ email: taken, password: BUYER_PASSWORD }, new CookieJar());
    const cases = [
      { email: uniqueEmail("new"), password: BUYER_PASSWORD },
      { email: taken, password: BUYER_PASSWORD },
      { email: taken, password: ATTACKER_PASSWORD },
      { email: (await confirmedUser()).email, password: ATTACKER_PASSWORD },
    ];
    for (const input of cases) {
      const browser = new CookieJar();
      expect(await signUpWithPassword(input, browser)).toEqual({ status: "check_email" });
      expect(browser.get(SIGN_UP_BROWSER_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it("a password-reset link for the unconfirmed account proves the address the same way", async () => {
    const { email, orderId } = await guestPurchase();
    await authClient().auth.signUp({ email, password: ATTACKER_PASSWORD });
    const buyerBrowser = new CookieJar();
    await sendPasswordReset(email, buyerBrowser);
    const landing = await openEmailLink(await confirmLinkFor(email, "Reset your password"), buyerBrowser);
    expect(landing.pathname).toBe("/auth/reset-password");
    expect(await passwordSignsIn(email, ATTACKER_PASSWORD)).toBe("invalid_credentials");
    const buyerId = await signedInAs(buyerBrowser);
    expect(buyerId).toBe(await accountId(email));
    expect(await purchaseOwners(orderId)).toEqual([buyerId, buyerId]);
  });
});
