import { normaliseEmail } from "../email/email-address";

// D17, Waitlist: how many live entries (waiting, or holding an offer) a cohort's waitlist takes
// from one client address and from one email domain. Double opt-in proves only that someone reads
// a mailbox, and a catch-all domain reads every address on it: without these caps one connection
// could queue a row of addresses ahead of everyone and take each place the cohort frees for 24
// hours at a time. Two per connection lets a household join together; three per private domain
// lets colleagues. A public mailbox provider is not capped by domain (millions share gmail.com),
// and making addresses there costs the provider's own sign-up for each.

/** Live entries and pending requests of one cohort from one client address. */
export const WAITLIST_PER_CLIENT = 2;
/** Live entries and pending requests of one cohort at one private email domain. */
export const WAITLIST_PER_DOMAIN = 3;

export const WAITLIST_SHARE_TAKEN =
  "This cohort's waitlist already holds as many people as it takes from one connection or one email domain. Please choose another cohort.";

// Mailbox providers anyone can sign up to; their domains are not counted.
const PUBLIC_MAILBOX_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "zoho.com",
  "fastmail.com",
  "hey.com",
  "tutanota.com",
  "yandex.com",
  "yandex.ru",
  "mail.ru",
  "qq.com",
  "163.com",
  "126.com",
  "naver.com",
  "orange.fr",
  "free.fr",
  "t-online.de",
  "libero.it",
  "comcast.net",
  "verizon.net",
  "att.net",
]);

/**
 * The domain an address is counted under, or null for a public mailbox provider: its last two
 * labels, or three under a country's second level (`example.co.uk`), so a catch-all's subdomains
 * (`a.example.com`, `b.example.com`) count as one.
 */
export function waitlistShareDomain(email: string): string | null {
  const address = normaliseEmail(email);
  const domain = address.slice(address.lastIndexOf("@") + 1);
  const labels = domain.split(".").filter(Boolean);
  const countrySecondLevel = labels.length >= 3 && labels.at(-1)!.length === 2 && labels.at(-2)!.length <= 3;
  const registrable = labels.slice(countrySecondLevel ? -3 : -2).join(".");
  if (PUBLIC_MAILBOX_DOMAINS.has(domain) || PUBLIC_MAILBOX_DOMAINS.has(registrable)) return null;
  return registrable.length >= 3 ? registrable : null;
}
