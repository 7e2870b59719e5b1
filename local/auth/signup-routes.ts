import { randomUUID } from "node:crypto";
import type { RequestContext, Route } from "./auth-context";
import { AuthError, badRequest } from "./auth-error";
import { objectField, sendJson, stringField } from "./auth-http";
import { normalizeEmail } from "./normalize-email";
import { sendEmailLink } from "./email-links";
import { hashPassword } from "./password-hash";
import { readPkceChallenge } from "./pkce-challenge";
import { allowedRedirect } from "./redirect-url";
import { issueSession } from "./session-issuer";
import { userJson, type UserRow } from "./user-json";

export const MIN_PASSWORD_LENGTH = 8;

/** Supabase's weak_password error (422, with the reasons). */
export function checkPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AuthError(422, "weak_password", `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ["length"] },
    });
  }
}

/** What Supabase answers for a sign-up of an already confirmed address: a plausible user that exists nowhere. */
function obfuscatedUser(rc: RequestContext, email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date(rc.auth.now()).toISOString();
  return {
    id: randomUUID(),
    aud: "authenticated",
    role: "",
    email,
    phone: "",
    confirmation_sent_at: now,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

async function signUpAnonymously(rc: RequestContext, data: Record<string, unknown>): Promise<void> {
  rc.auth.limiter.request("signIns", rc.ip);
  const user = await rc.auth.users.create({ email: null, passwordHash: null, userMetadata: data, appMetadata: {}, isAnonymous: true });
  sendJson(rc.res, 200, await issueSession(rc, user, "anonymous"));
}

async function signUp(rc: RequestContext): Promise<void> {
  const body = await rc.body();
  const email = stringField(body, "email") ?? "";
  const phone = stringField(body, "phone") ?? "";
  const password = stringField(body, "password") ?? "";
  const data = objectField(body, "data") ?? {};
  if (email === "" && phone === "") return signUpAnonymously(rc, data);

  const { auth } = rc;
  auth.limiter.request("signUps", rc.ip);
  if (password === "") throw badRequest("validation_failed", "Signup requires a valid password");
  checkPasswordStrength(password);
  if (email !== "" && phone !== "") {
    throw badRequest("validation_failed", "Only an email address or phone number should be provided on signup.");
  }
  if (phone !== "") throw badRequest("phone_provider_disabled", "Phone signups are disabled");
  const address = normalizeEmail(email);
  const pkce = readPkceChallenge(stringField(body, "code_challenge"), stringField(body, "code_challenge_method"));
  const redirectTo = allowedRedirect(auth.config.siteUrl, rc.url.searchParams.get("redirect_to"));

  let user: UserRow | null = await auth.users.byEmail(address);
  if (user?.email_confirmed_at) return sendJson(rc.res, 200, obfuscatedUser(rc, address, data));
  auth.limiter.email(address);
  if (!user) {
    user = await auth.users.create({
      email: address,
      passwordHash: await hashPassword(password),
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
  await sendEmailLink(auth, user, "signup", redirectTo, pkce);
  const fresh = (await auth.users.byId(user.id)) as UserRow;
  sendJson(rc.res, 200, userJson(fresh, await auth.users.identities(user.id)));
}

export const signupRoutes: Route[] = [{ method: "POST", path: "/signup", handle: signUp }];
