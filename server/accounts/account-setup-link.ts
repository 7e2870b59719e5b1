import "server-only";
import { siteUrl } from "@/lib/site";
import { insertAccountSetupToken } from "../db/account-setup-tokens";
import { hashSecretToken, newSecretToken } from "../security/secret-tokens";

// D2: a buyer who paid without an account gets a single-use link to set one up. The token is
// random (256 bits) and only its SHA-256 is stored.
export const ACCOUNT_SETUP_TTL_HOURS = 72;

/** Issues a new set-up link for a paid order (older unused links of the order stop working). */
export async function issueAccountSetupLink(orderId: string, email: string): Promise<string> {
  const token = newSecretToken();
  await insertAccountSetupToken({
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
