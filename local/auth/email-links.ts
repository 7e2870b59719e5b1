import { createHash, randomInt } from "node:crypto";
import type { AuthContext } from "./auth-context";
import { badRequest, forbidden } from "./auth-error";
import type { EmailLinkType } from "./auth-mailer";
import type { OneTimeTokenType } from "./flow-store";
import type { PkceChallenge } from "./pkce-challenge";
import type { UserRow } from "./user-json";

export const EMAIL_LINK_SECONDS = 3600;
/** Tokens of flows started with a code challenge carry this prefix, as Supabase's do. */
export const PKCE_PREFIX = "pkce_";
const OTP_DIGITS = 6;

/**
 * Supabase's token hash: SHA-224 (hex) of the address and the emailed one-time code. It is what
 * the user row and auth.one_time_tokens keep, what `{{ .TokenHash }}` puts in a link, and what
 * /verify takes as `token_hash` (or as `token` in GET /verify).
 */
export function tokenHash(email: string, otp: string): string {
  return createHash("sha224").update(`${email}${otp}`).digest("hex");
}

/** The flow_state.authentication_method each email flow records. */
export const AUTH_METHOD: Record<EmailLinkType, string> = { signup: "email/signup", magiclink: "magiclink", recovery: "recovery" };
const TOKEN_TYPE: Record<EmailLinkType, OneTimeTokenType> = {
  signup: "confirmation_token",
  magiclink: "recovery_token",
  recovery: "recovery_token",
};

export type VerifyType = EmailLinkType | "invite" | "email";

export function parseVerifyType(value: string | null | undefined): VerifyType {
  if (value === "signup" || value === "magiclink" || value === "recovery" || value === "invite" || value === "email") return value;
  if (!value) throw badRequest("validation_failed", "Verify requires a verification type");
  throw badRequest("validation_failed", "Unsupported verification type");
}

/** Mints a single-use code and its token hash, records the PKCE flow if any, and mails the link. */
export async function sendEmailLink(
  auth: AuthContext,
  user: UserRow,
  type: EmailLinkType,
  redirectTo: string,
  pkce: PkceChallenge | null,
  options: { send: boolean } = { send: true },
): Promise<{ tokenHash: string; otp: string; link: string }> {
  const email = user.email ?? "";
  const otp = String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, "0");
  const hash = `${pkce ? PKCE_PREFIX : ""}${tokenHash(email, otp)}`;
  await auth.flows.putToken(user.id, TOKEN_TYPE[type], hash, email);
  if (pkce) {
    await auth.flows.createFlow({ userId: user.id, ...pkce, providerType: "email", authenticationMethod: AUTH_METHOD[type] });
  }
  await auth.users.markSent(user.id, type === "signup" ? "confirmation" : "recovery", hash);
  const link = `${auth.config.publicUrl}/auth/v1/verify?${new URLSearchParams({ token: hash, type, redirect_to: redirectTo })}`;
  if (options.send) {
    await auth.mailer.sendLink(email, type, {
      SiteURL: auth.config.siteUrl.replace(/\/+$/, ""),
      ConfirmationURL: link,
      TokenHash: hash,
      Token: otp,
      RedirectTo: redirectTo,
      Email: email,
    });
  }
  return { tokenHash: hash, otp, link };
}

/** Consumes an emailed token hash (once, within the hour) and confirms the address it was sent to. */
export async function verifyEmailToken(auth: AuthContext, hashes: string[], type: VerifyType, email?: string): Promise<UserRow> {
  const invalid = forbidden("otp_expired", "Email link is invalid or has expired");
  const types: OneTimeTokenType[] =
    type === "signup" || type === "invite"
      ? ["confirmation_token"]
      : type === "email"
        ? ["confirmation_token", "recovery_token"]
        : ["recovery_token"];
  const row = await auth.flows.takeToken(hashes, types);
  if (!row || auth.now() - row.created_at.getTime() > EMAIL_LINK_SECONDS * 1000) throw invalid;
  const user = await auth.users.byId(row.user_id);
  if (!user || (user.email ?? "").toLowerCase() !== row.relates_to.toLowerCase()) throw invalid;
  if (email !== undefined && email.toLowerCase() !== row.relates_to.toLowerCase()) throw invalid;
  await auth.users.confirmEmail(user.id);
  if (row.token_type === "recovery_token") await auth.users.clearRecoveryToken(user.id);
  return (await auth.users.byId(user.id)) as UserRow;
}
