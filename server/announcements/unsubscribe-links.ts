import "server-only";
import { emailIdentity } from "@/lib/email/email-address";
import { siteUrl } from "@/lib/site";
import { constantTimeEqual, serverSignature } from "../security/secret-tokens";

// The unsubscribe link every announcement carries. Its token is derived from the inbox (its
// emailIdentity) with a server key, so it needs no stored secret, works for as long as the
// address does, and names one inbox only: a link for one address does nothing for another.

const PURPOSE = "glucosechallenge announcement unsubscribe";

export function unsubscribeToken(email: string): string {
  return serverSignature(PURPOSE, `announcement-unsubscribe:${emailIdentity(email)}`);
}

export function isUnsubscribeToken(email: string, token: string): boolean {
  return constantTimeEqual(unsubscribeToken(email), token);
}

/** The page the link opens: a button unsubscribes (a mail scanner's visit changes nothing). */
export function unsubscribeUrl(email: string): string {
  const url = new URL(siteUrl("/announcements/unsubscribe"));
  url.searchParams.set("email", email);
  url.searchParams.set("token", unsubscribeToken(email));
  return url.toString();
}
