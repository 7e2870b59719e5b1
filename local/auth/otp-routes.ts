import type { RequestContext, Route } from "./auth-context";
import { badRequest, unprocessable } from "./auth-error";
import { booleanField, objectField, sendJson, stringField } from "./auth-http";
import { normalizeEmail } from "./normalize-email";
import { sendEmailLink } from "./email-links";
import { hashPassword } from "./password-hash";
import { readPkceChallenge } from "./pkce-challenge";
import { allowedRedirect } from "./redirect-url";
import { randomBytes } from "node:crypto";

/**
 * POST /otp (email): a magic link for a confirmed user; for a new or unconfirmed one, the sign-up
 * confirmation (which signs them in too), as Supabase does. With create_user false an unknown address
 * gets Supabase's 422 otp_disabled and nothing is created.
 */
async function otp(rc: RequestContext): Promise<void> {
  const { auth } = rc;
  auth.limiter.request("signUps", rc.ip);
  const body = await rc.body();
  const email = stringField(body, "email") ?? "";
  const phone = stringField(body, "phone") ?? "";
  if (email !== "" && phone !== "") throw badRequest("validation_failed", "Only an email address or phone number should be provided");
  if (phone !== "") throw badRequest("phone_provider_disabled", "Unsupported phone provider");
  if (email === "") throw badRequest("validation_failed", "An email address is required");
  const address = normalizeEmail(email);
  const data = objectField(body, "data") ?? {};
  const createUser = booleanField(body, "create_user") ?? true;
  const pkce = readPkceChallenge(stringField(body, "code_challenge"), stringField(body, "code_challenge_method"));
  const redirectTo = allowedRedirect(auth.config.siteUrl, rc.url.searchParams.get("redirect_to"));

  let user = await auth.users.byEmail(address);
  if (!user && !createUser) throw unprocessable("otp_disabled", "Signups not allowed for otp");
  auth.limiter.email(address);
  if (!user) {
    user = await auth.users.create({
      email: address,
      passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
      userMetadata: data,
      appMetadata: { provider: "email", providers: ["email"] },
    });
    await auth.users.addIdentity(user.id, "email", user.id, {
      ...data,
      sub: user.id,
      email: address,
      email_verified: false,
      phone_verified: false,
    });
  }
  await sendEmailLink(auth, user, user.email_confirmed_at ? "magiclink" : "signup", redirectTo, pkce);
  sendJson(rc.res, 200, {});
}

/** POST /recover: always 200 {}; the email goes out only when the address has an account. */
async function recover(rc: RequestContext): Promise<void> {
  const { auth } = rc;
  auth.limiter.request("signUps", rc.ip);
  const body = await rc.body();
  const address = normalizeEmail(stringField(body, "email"));
  const pkce = readPkceChallenge(stringField(body, "code_challenge"), stringField(body, "code_challenge_method"));
  const redirectTo = allowedRedirect(auth.config.siteUrl, rc.url.searchParams.get("redirect_to"));
  const user = await auth.users.byEmail(address);
  if (user) {
    auth.limiter.email(address);
    await sendEmailLink(auth, user, "recovery", redirectTo, pkce);
  }
  sendJson(rc.res, 200, {});
}

/** POST /resend (signup): a fresh confirmation link for an unconfirmed address; 200 either way. */
async function resend(rc: RequestContext): Promise<void> {
  const { auth } = rc;
  auth.limiter.request("signUps", rc.ip);
  const body = await rc.body();
  const type = stringField(body, "type");
  if (type !== "signup") throw badRequest("validation_failed", "Missing one of these types: signup, email_change, sms, phone_change");
  const address = normalizeEmail(stringField(body, "email"));
  const redirectTo = allowedRedirect(auth.config.siteUrl, rc.url.searchParams.get("redirect_to"));
  const user = await auth.users.byEmail(address);
  if (user && !user.email_confirmed_at) {
    auth.limiter.email(address);
    const pkce = readPkceChallenge(stringField(body, "code_challenge"), stringField(body, "code_challenge_method"));
    await sendEmailLink(auth, user, "signup", redirectTo, pkce);
  }
  sendJson(rc.res, 200, {});
}

export const otpRoutes: Route[] = [
  { method: "POST", path: "/otp", handle: otp },
  { method: "POST", path: "/magiclink", handle: otp },
  { method: "POST", path: "/recover", handle: recover },
  { method: "POST", path: "/resend", handle: resend },
];
