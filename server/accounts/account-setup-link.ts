import "server-only";
import { siteUrl } from "@/lib/site";
import { ensureAccountSetupToken } from "../db/account-setup-tokens";
import { hashSecretToken, serverSignature } from "../security/secret-tokens";

// D2: a buyer who paid without an account gets a single-use link to set one up. One token per
// order (issue 24): it is derived from the order id with a server key (HMAC-SHA-256, 256 bits), so
// the email job can be retried and a resend carries the same link as the first email, while the
// database keeps only the token's SHA-256.
export const ACCOUNT_SETUP_TTL_HOURS = 72;

/** The order's set-up token: the same every time for the same order. */
export function accountSetupToken(orderId: string): string {
  return serverSignature("glucosechallenge account setup link", `account-setup:${orderId}`);
}

/** The order's set-up link, its token recorded (once, valid 72 h from then) for the address. */
export async function issueAccountSetupLink(orderId: string, email: string): Promise<string> {
  const token = accountSetupToken(orderId);
  await ensureAccountSetupToken({
    hash: hashSecretToken(token),
    email,
    orderId,
    expiresAt: new Date(Date.now() + ACCOUNT_SETUP_TTL_HOURS * 3600_000),
  });
  const url = new URL(siteUrl("/verify"));
  url.searchParams.set("token", token);
  url.searchParams.set("email", email);
  return url.toString();
}
