import "server-only";
import { z } from "zod";
import { publicEnv } from "@/lib/public-env";
import { discardUnconfirmedPassword, findAuthAccountByEmailLink, type EmailLinkToken } from "../db/accounts/users";
import type { ResponseCookieJar } from "../http/route-answer";
import { log } from "../log";
import { createClient, requestCookieJar } from "../supabase/server";
import { emailLinkDestination } from "./redirects";
import { SIGN_UP_BROWSER_COOKIE, forgetSignUpBrowsers, signedUpInThisBrowser } from "./sign-up-proof";

// The email templates (supabase/templates) link here with the token hash,
// so a link works in any browser, with no PKCE verifier cookie from the one that asked for it.
const emailLinkSchema = z.object({
  token_hash: z.string().regex(/^[A-Za-z0-9_-]{8,200}$/),
  type: z.enum(["signup", "invite", "magiclink", "recovery", "email"]),
  next: z.string().max(2048).optional(),
});

type LinkType = z.infer<typeof emailLinkSchema>["type"];

/** Which of the account's emailed tokens a link of each type carries. */
const TOKEN_KIND: Record<LinkType, EmailLinkToken> = {
  signup: "confirmation",
  invite: "confirmation",
  magiclink: "recovery",
  recovery: "recovery",
  email: "either",
};

const RESET_PASSWORD_PATH = "/auth/reset-password";
const INVALID_LINK = "Email link is invalid or has expired";

const onSite = (path: string) => new URL(path, publicEnv.siteUrl);

/** The callback page reports the failure ('Failed to complete authentication') and goes to /auth. */
function failed(description: string): URL {
  return onSite(`/auth/callback?${new URLSearchParams({ error: "access_denied", error_description: description })}`);
}

/** After a confirmation that did not keep the earlier password: the person now signed in chooses one. */
function choosePassword(next: string): string {
  return next === RESET_PASSWORD_PATH ? next : `${RESET_PASSWORD_PATH}?${new URLSearchParams({ next })}`;
}

/**
 * GET /auth/confirm?token_hash&type&next: verifies an emailed link and signs its opener in.
 *
 * A link that confirms an address proves the address, not who chose the
 * account's password. Unless this browser's sign-up set that password, it is removed before the
 * link is used (so no one holding it can sign in once the address is confirmed and the purchases
 * made with it are claimed), the sessions issued before are ended, and the opener picks a password.
 * The answer is where the opener goes; the session's cookies go into `cookies` (the answer's).
 */
export async function confirmEmailLink(request: Request, cookies: ResponseCookieJar): Promise<URL> {
  const parsed = emailLinkSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return failed(INVALID_LINK);
  const { token_hash: tokenHash, type, next } = parsed.data;

  const jar = requestCookieJar(request, cookies);
  const account = await findAuthAccountByEmailLink(tokenHash, TOKEN_KIND[type]);
  const confirming = account !== null && !account.confirmed;
  const signUpProof = jar.getAll().find((cookie) => cookie.name === SIGN_UP_BROWSER_COOKIE)?.value;
  const keepsPassword = confirming && (type === "signup" || type === "email") && (await signedUpInThisBrowser(signUpProof, account.id));
  if (confirming && !keepsPassword) await discardUnconfirmedPassword(account.id);

  const supabase = await createClient(jar);
  const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
  if (error || !data.session) {
    if (error && (error.status ?? 500) >= 500) log.error("Could not verify an email link", { error, type });
    return failed(error?.message || INVALID_LINK);
  }
  if (confirming) {
    const others = await supabase.auth.signOut({ scope: "others" });
    if (others.error) log.error("Could not end the sessions issued before confirmation", { error: others.error, userId: account.id });
    await forgetSignUpBrowsers(account.id);
  }

  const destination = type === "recovery" ? RESET_PASSWORD_PATH : emailLinkDestination(next);
  return onSite(confirming && !keepsPassword ? choosePassword(destination) : destination);
}
