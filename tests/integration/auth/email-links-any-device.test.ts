import { describe, expect, it } from "vitest";
import { sendPasswordReset, sendSignInLink } from "@/server/accounts/email-link-requests";
import { signUpWithPassword } from "@/server/accounts/password-session";
import { createClient } from "@/server/supabase/server";
import { confirmLinkFor, confirmedUser, siteUrl, uniqueEmail } from "../../fixtures/auth-client";
import { passwordSignsIn } from "../../fixtures/auth-sessions";
import { CookieJar } from "../../fixtures/cookie-jar";
import { openEmailLink, signedInAs } from "../../fixtures/email-link-browser";
import { suiteSql } from "../../fixtures/db";

// Sign-up confirmation, sign-in links and password resets carry a token hash
// to the site's /auth/confirm (Supabase's token-hash route), so a link read on another device than
// the one that asked for it works: no PKCE verifier cookie is needed.
const sql = suiteSql();

describe("email links opened in another browser than the one that asked for them", () => {
  it("mails the site's /auth/confirm with the token hash, the type and where to go next", async () => {
    const email = uniqueEmail("link-shape");
    await signUpWithPassword({ email, password: "a-long-enough-password", next: "/payment?plan=premium" }, new CookieJar());
    const link = new URL(await confirmLinkFor(email, "Confirm your signup"));
    expect(`${link.origin}${link.pathname}`).toBe(`${siteUrl()}/auth/confirm`);
    expect(link.searchParams.get("token_hash")).toMatch(/^pkce_[0-9a-f]{56}$/);
    expect(link.searchParams.get("type")).toBe("signup");
    expect(link.searchParams.get("next")).toBe(`${siteUrl()}/payment?plan=premium`);
  });

  it("a sign-up confirmation confirms the address and signs in; that browser then chooses the password", async () => {
    const email = uniqueEmail("other-device-signup");
    await signUpWithPassword({ email, password: "a-long-enough-password" }, new CookieJar());
    const phone = new CookieJar();
    const landing = await openEmailLink(await confirmLinkFor(email, "Confirm your signup"), phone);
    expect(landing.pathname).toBe("/auth/reset-password");
    const [account] = await sql<
      { id: string; email_confirmed_at: Date | null }[]
    >`select id, email_confirmed_at from auth.users where lower(email) = ${email}`;
    expect(account!.email_confirmed_at).not.toBeNull();
    expect(await signedInAs(phone)).toBe(account!.id);
  });

  it("a sign-in link signs in and lands on the page it was asked for", async () => {
    const { email, id } = await confirmedUser();
    await sendSignInLink(email, "/dashboard?step=2&mobile=true&qr=abc", new CookieJar());
    const phone = new CookieJar();
    const landing = await openEmailLink(await confirmLinkFor(email, "Your sign-in link"), phone);
    expect(`${landing.pathname}${landing.search}`).toBe("/dashboard?step=2&mobile=true&qr=abc");
    expect(await signedInAs(phone)).toBe(id);
    // A confirmed member's password is theirs: a sign-in link leaves it alone.
    expect(await passwordSignsIn(email, "correct-horse-battery")).toBe(true);
  });

  it("a password reset signs in on the reset page, where the new password is set", async () => {
    const { email, id } = await confirmedUser();
    await sendPasswordReset(email, new CookieJar());
    const phone = new CookieJar();
    const landing = await openEmailLink(await confirmLinkFor(email, "Reset your password"), phone);
    expect(landing.pathname).toBe("/auth/reset-password");
    expect(await signedInAs(phone)).toBe(id);
    expect((await (await createClient(phone)).auth.updateUser({ password: "a-brand-new-password" })).error).toBeNull();
    expect(await passwordSignsIn(email, "a-brand-new-password")).toBe(true);
  });
});

describe("GET /auth/confirm", () => {
  async function linkFor(next: string): Promise<string> {
    const { email } = await confirmedUser();
    await sendSignInLink(email, undefined, new CookieJar());
    const link = new URL(await confirmLinkFor(email, "Your sign-in link"));
    link.searchParams.set("next", next);
    return link.toString();
  }

  it("only ever sends the browser on to a path of this site", async () => {
    for (const next of ["https://evil.example/steal", "//evil.example/steal", "/\\evil.example", "javascript:alert(1)"]) {
      const landing = await openEmailLink(await linkFor(next), new CookieJar());
      expect(`${landing.origin}${landing.pathname}`).toBe(`${siteUrl()}/dashboard`);
    }
    const sameSite = await openEmailLink(await linkFor(`${siteUrl()}/how-it-works#pricing`), new CookieJar());
    expect(`${sameSite.pathname}${sameSite.hash}`).toBe("/how-it-works#pricing");
    const path = await openEmailLink(await linkFor("/payment?plan=starter"), new CookieJar());
    expect(`${path.pathname}${path.search}`).toBe("/payment?plan=starter");
  });

  it("a used, made-up or malformed link signs nobody in and reports the failure on the callback page", async () => {
    const { email } = await confirmedUser();
    await sendSignInLink(email, undefined, new CookieJar());
    const link = await confirmLinkFor(email, "Your sign-in link");
    await openEmailLink(link, new CookieJar());
    const garbage = new URL(link);
    garbage.searchParams.set("token_hash", "pkce_0000000000000000000000000000000000000000000000000000000");
    const bad = [
      link,
      garbage.toString(),
      `${siteUrl()}/auth/confirm?type=magiclink`,
      `${siteUrl()}/auth/confirm?token_hash=abc&type=sms`,
      `${siteUrl()}/auth/confirm`,
    ];
    for (const url of bad) {
      const browser = new CookieJar();
      const landing = await openEmailLink(url, browser);
      expect(landing.pathname).toBe("/auth/callback");
      expect(landing.searchParams.get("error")).toBeTruthy();
      expect(await signedInAs(browser)).toBeNull();
    }
  });
});
