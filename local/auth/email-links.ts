import { randomBytes } from "node:crypto";
import type { AuthContext } from "./auth-context";
import { badRequest, forbidden } from "./auth-error";
import type { EmailLinkType } from "./auth-mailer";
import type { OneTimeTokenType } from "./flow-store";
import type { PkceChallenge } from "./pkce-challenge";
import { sha256 } from "./session-issuer";
import type { UserRow } from "./user-json";

export const EMAIL_LINK_SECONDS = 3600;
/** Tokens of flows started with a code challenge carry this prefix, as Supabase's do. */
export const PKCE_PREFIX = "pkce_";

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

/** Mints a single-use token (stored as its digest), records the PKCE flow if any, and mails the link. */
export async function sendEmailLink(
  auth: AuthContext,
  user: UserRow,
  type: EmailLinkType,
  redirectTo: string,
  pkce: PkceChallenge | null,
  options: { send: boolean } = { send: true },
): Promise<{ token: string; link: string }> {
  const email = user.email ?? "";
  const token = `${pkce ? PKCE_PREFIX : ""}${randomBytes(32).toString("base64url")}`;
  const digest = sha256(token);
  await auth.flows.putToken(user.id, TOKEN_TYPE[type], digest, email);
  if (pkce) {
    await auth.flows.createFlow({ userId: user.id, ...pkce, providerType: "email", authenticationMethod: AUTH_METHOD[type] });
  }
  await auth.users.markSent(user.id, type === "signup" ? "confirmation" : "recovery", digest);
  const params = new URLSearchParams({ token, type, redirect_to: redirectTo });
  const link = `${auth.config.publicUrl}/auth/v1/verify?${params.toString()}`;
  if (options.send) await auth.mailer.sendLink(email, type, link);
  return { token, link };
}

/** Consumes an emailed token (once, within the hour) and confirms the address it was sent to. */
export async function verifyEmailToken(auth: AuthContext, token: string, type: VerifyType, email?: string): Promise<UserRow> {
  const invalid = forbidden("otp_expired", "Email link is invalid or has expired");
  const types: OneTimeTokenType[] =
    type === "signup" || type === "invite"
      ? ["confirmation_token"]
      : type === "email"
        ? ["confirmation_token", "recovery_token"]
        : ["recovery_token"];
  const row = await auth.flows.takeToken(sha256(token), types);
  if (!row || auth.now() - row.created_at.getTime() > EMAIL_LINK_SECONDS * 1000) throw invalid;
  const user = await auth.users.byId(row.user_id);
  if (!user || (user.email ?? "").toLowerCase() !== row.relates_to.toLowerCase()) throw invalid;
  if (email !== undefined && email.toLowerCase() !== row.relates_to.toLowerCase()) throw invalid;
  await auth.users.confirmEmail(user.id);
  if (row.token_type === "recovery_token") await auth.users.clearRecoveryToken(user.id);
  return (await auth.users.byId(user.id)) as UserRow;
}
