import "server-only";
import { siteUrl } from "@/lib/site";
import { hashSecretToken, serverSignature } from "../security/secret-tokens";

// D18: the link in a campaign confirmation email. As with account set-up links
// (server/accounts/account-setup-link.ts), the token is derived from the confirmation's id with a
// server key (HMAC-SHA-256, 256 bits): the outbox row keeps only the id, a retried email carries the
// same link, and the database keeps only the token's SHA-256.

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_HOURS = 72;

export function confirmationToken(confirmationId: string): string {
  return serverSignature("glucosechallenge campaign confirmation link", `campaign-confirmation:${confirmationId}`);
}

export function confirmationTokenHash(confirmationId: string): string {
  return hashSecretToken(confirmationToken(confirmationId));
}

/** The page the email links to: it asks the reader to confirm (a button, so a mail scanner's visit confirms nothing). */
export function confirmationUrl(confirmationId: string): string {
  const url = new URL(siteUrl("/magic/confirm"));
  url.searchParams.set("token", confirmationToken(confirmationId));
  return url.toString();
}
