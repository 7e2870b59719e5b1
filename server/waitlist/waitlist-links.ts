import "server-only";
import { siteUrl } from "@/lib/site";
import { confirmationToken } from "../campaign/confirmation-link";
import { hashSecretToken, serverSignature } from "../security/secret-tokens";

// The links a waitlisted person is emailed. As with campaign confirmation and account set-up links,
// a token is derived from its row's id with a server key (HMAC-SHA-256, 256 bits): the outbox row
// keeps only the id, a retried email carries the same link, and the database keeps only the
// token's SHA-256. An entry is offered a place once, so its id names its one claim link.

/** The claim link's token for an entry's offer. */
export function offerToken(entryId: string): string {
  return serverSignature("glucosechallenge waitlist offer link", `waitlist-offer:${entryId}`);
}

export function offerTokenHash(entryId: string): string {
  return hashSecretToken(offerToken(entryId));
}

/** The page the offer email links to: it says how long the place is held and leads to payment. */
export function offerUrl(entryId: string): string {
  const url = new URL(siteUrl("/waitlist/claim"));
  url.searchParams.set("token", offerToken(entryId));
  return url.toString();
}

/** Where a waitlist confirmation email links: a button confirms (a mail scanner's visit confirms nothing). */
export function waitlistConfirmationUrl(confirmationId: string): string {
  const url = new URL(siteUrl("/waitlist/confirm"));
  url.searchParams.set("token", confirmationToken(confirmationId));
  return url.toString();
}
