import "server-only";
import { siteUrl } from "@/lib/site";
import { hashSecretToken, serverSignature } from "../security/secret-tokens";

// The link a visitor is emailed to come back with once their doctor has cleared them. As with
// campaign confirmation and account set-up links, the token is derived from the clearance's id
// (and here its address) with a server key of its own purpose (HMAC-SHA-256, 256 bits): the outbox
// row keeps only the id, a retried email carries the same link, the database keeps only the
// token's SHA-256, and no other kind of link's token can stand in for it.

const PURPOSE = "glucosechallenge safety clearance link";

export function clearanceLinkToken(clearanceId: string, email: string): string {
  return serverSignature(PURPOSE, `safety-clearance:${clearanceId}:${email}`);
}

export function clearanceLinkTokenHash(clearanceId: string, email: string): string {
  return hashSecretToken(clearanceLinkToken(clearanceId, email));
}

/**
 * The page the email links to. Opening it records nothing (a mail scanner's visit clears nobody):
 * the reader gives their name and their word, and the address must be the one the link was sent to.
 */
export function clearanceLinkUrl(clearanceId: string, email: string): string {
  const url = new URL(siteUrl("/safety-clearance"));
  url.searchParams.set("token", clearanceLinkToken(clearanceId, email));
  url.searchParams.set("email", email);
  return url.toString();
}
