import "server-only";
import { siteUrl } from "@/lib/site";
import { ensureAccountSetupToken } from "../db/accounts/account-setup-tokens";
import { hashSecretToken, serverSignature } from "../security/secret-tokens";

// D2: a buyer who paid without an account gets a single-use link to set one up. One token per
// order (D16): it is derived from the order id with a server key (HMAC-SHA-256, 256 bits), so
// the email job can be retried and a resend carries the same link as the first email, while the
// database keeps only the token's SHA-256. An operator's resend (D17) moves the order to its
// next generation: a new link, and every earlier one stops working.
export const ACCOUNT_SETUP_TTL_HOURS = 72;

/** The order's set-up token of a generation: the same every time for the same order and generation. */
export function accountSetupToken(orderId: string, generation = 0): string {
  const subject = generation === 0 ? `account-setup:${orderId}` : `account-setup:${orderId}:${generation}`;
  return serverSignature("glucosechallenge account setup link", subject);
}

/**
 * The order's live set-up link, its token recorded (once per generation, valid 72 h from then)
 * for the address. The generation is read when the email is rendered, so an email queued before a
 * resend carries the newest link too, never a revoked one.
 */
export async function issueAccountSetupLink(orderId: string, email: string): Promise<string> {
  const generation = await ensureAccountSetupToken({
    orderId,
    email,
    hashOf: (generation) => hashSecretToken(accountSetupToken(orderId, generation)),
    expiresAt: new Date(Date.now() + ACCOUNT_SETUP_TTL_HOURS * 3600_000),
  });
  const url = new URL(siteUrl("/verify"));
  url.searchParams.set("token", accountSetupToken(orderId, generation));
  url.searchParams.set("email", email);
  return url.toString();
}
